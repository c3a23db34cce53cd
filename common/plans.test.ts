import { describe, expect, it } from "vitest";
import { featureRefusal, PLAN_IDS, PLANS, planFor, plansWith, usagePercent } from "./plans";

describe("usagePercent (spec 2 §9)", () => {
  it("is 0 for unlimited, capped at 100, rounded", () => {
    expect(usagePercent(5000, -1)).toBe(0);
    expect(usagePercent(45, 60)).toBe(75);
    expect(usagePercent(61, 60)).toBe(100);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(0, 0)).toBe(100);
  });
});

describe("the plan catalogue", () => {
  it("prices in cents and dollars agree; pro is the one marked Most Popular", () => {
    for (const id of PLAN_IDS) expect(PLANS[id].price * 100).toBeCloseTo(PLANS[id].priceCents);
    expect(PLAN_IDS.filter((id) => PLANS[id].popular)).toEqual(["pro"]);
    expect(PLANS.personal).toMatchObject({ priceCents: 2900, contactLimit: 100 });
    expect(PLANS.personal.features.monthlyMinutes).toBe(500);
    expect(PLANS.business.priceCents).toBe(14900);
  });

  it("gates the features of spec 2 §6", () => {
    const ids = (feature: Parameters<typeof plansWith>[0]) => plansWith(feature).map((p) => p.id);
    expect(ids("businessFeatures")).toEqual(["pro", "business"]);
    expect(ids("voiceCloning")).not.toContain("free");
    expect(ids("advancedAnalytics")).toEqual(["pro", "premium"]);
    expect(ids("prioritySupport")).toContain("premium");
    // The flags the screens read agree with the gates.
    for (const id of PLAN_IDS) {
      expect(PLANS[id].features.hasAdvancedAnalytics).toBe(PLANS[id].access.advancedAnalytics);
      expect(PLANS[id].features.hasPrioritySupport).toBe(PLANS[id].access.prioritySupport);
    }
  });

  it("words a refusal with the plans that include the feature", () => {
    expect(featureRefusal("businessFeatures", PLANS.premium)).toBe(
      "The Premium plan does not include CSV import and bulk calling. Upgrade to Pro or Business to use it.",
    );
    expect(planFor("something-else").id).toBe("free");
  });
});
