import { describe, expect, it } from "vitest";
import {
  ENTERPRISE_PLANS,
  featureRefusal,
  includesEverythingIn,
  includesMoreThan,
  PLAN_IDS,
  PLAN_LADDER,
  PLANS,
  planFor,
  plansWith,
  UNLIMITED,
  usagePercent,
} from "./plans";

describe("usagePercent", () => {
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
  });

  it("keeps the spec's sign-up plans: Personal $29 with 500 minutes and 100 contacts, Business $149 unlimited", () => {
    expect(PLANS.personal).toMatchObject({ priceCents: 2900, contactLimit: 100 });
    expect(PLANS.personal.features.monthlyMinutes).toBe(500);
    expect(PLANS.business).toMatchObject({ priceCents: 14900, contactLimit: -1 });
    expect(PLANS.business.features.monthlyMinutes).toBe(-1);
  });

  it("gates the features of the spec, widened so every plan keeps what the plans below it have", () => {
    const ids = (feature: Parameters<typeof plansWith>[0]) => plansWith(feature).map((p) => p.id);
    expect(ids("businessFeatures")).toEqual(["pro", "premium", "business"]);
    expect(ids("voiceCloning")).toEqual(["basic", "pro", "premium", "personal", "business"]);
    expect(ids("advancedAnalytics")).toEqual(["pro", "premium", "business"]);
    expect(ids("prioritySupport")).toEqual(["premium", "business"]);
    // The flags the screens read agree with the gates.
    for (const id of PLAN_IDS) {
      expect(PLANS[id].features.hasAdvancedAnalytics).toBe(PLANS[id].access.advancedAnalytics);
      expect(PLANS[id].features.hasPrioritySupport).toBe(PLANS[id].access.prioritySupport);
    }
  });

  it("words a refusal with the plans that include the feature", () => {
    expect(featureRefusal("businessFeatures", PLANS.personal)).toBe(
      "The Personal plan does not include CSV import and bulk calling. Upgrade to Pro, Premium or Business to use it.",
    );
    expect(planFor("something-else").id).toBe("free");
  });
});

/** Personal cost $29 while Pro, which includes more, cost $19.99. */
describe("the price ladder (a plan that includes more never costs less)", () => {
  const pairs = PLAN_IDS.flatMap((a) => PLAN_IDS.filter((b) => b !== a).map((b) => [a, b] as const));

  it("for any two plans, the one that includes everything the other does and more costs more", () => {
    const wrong = pairs
      .filter(([a, b]) => includesMoreThan(PLANS[a], PLANS[b]))
      .filter(([a, b]) => !(PLANS[a].priceCents > PLANS[b].priceCents))
      .map(([a, b]) => `${a} includes more than ${b} but costs ${PLANS[a].price} against ${PLANS[b].price}`);
    expect(wrong).toEqual([]);
  });

  it("no two plans include the same at different prices, and no cheaper plan includes everything a dearer one does", () => {
    const wrong = pairs
      .filter(
        ([a, b]) => PLANS[a].priceCents <= PLANS[b].priceCents && includesEverythingIn(PLANS[a], PLANS[b]),
      )
      .map(([a, b]) => `${a} ($${PLANS[a].price}) includes everything in ${b} ($${PLANS[b].price})`);
    expect(wrong).toEqual([]);
  });

  it("is one line: every step includes everything the one below it does and more, and costs more", () => {
    expect([...PLAN_LADDER].sort()).toEqual([...PLAN_IDS].sort());
    for (let i = 1; i < PLAN_LADDER.length; i++) {
      const below = PLANS[PLAN_LADDER[i - 1] as (typeof PLAN_LADDER)[number]];
      const above = PLANS[PLAN_LADDER[i] as (typeof PLAN_LADDER)[number]];
      expect(includesMoreThan(above, below), `${above.name} includes more than ${below.name}`).toBe(true);
      expect(above.priceCents, `${above.name} costs more than ${below.name}`).toBeGreaterThan(
        below.priceCents,
      );
    }
  });

  it("compares what the buyer reads: unlimited beats any number, a missing feature is less", () => {
    const pro = PLANS.pro;
    expect(includesMoreThan(pro, { ...pro, contactLimit: 100 })).toBe(true);
    expect(includesMoreThan({ ...pro, contactLimit: 100 }, pro)).toBe(false);
    expect(includesEverythingIn(pro, { ...pro, access: { ...pro.access, prioritySupport: true } })).toBe(
      false,
    );
    expect(includesMoreThan(pro, pro)).toBe(false);
  });
});

describe("the enterprise plans as plan definitions", () => {
  it("carry everything the Business plan includes, at their own price and concurrent calls", () => {
    for (const enterprise of ENTERPRISE_PLANS) {
      const plan = planFor(enterprise.id);
      expect(plan.id).toBe(enterprise.id);
      expect(plan.name).toBe(`Enterprise ${enterprise.name}`);
      expect(plan.priceCents).toBe(enterprise.priceCents);
      expect(plan.concurrentCalls).toBe(enterprise.concurrentCalls);
      expect(plan.features).toEqual(PLANS.business.features);
      expect(plan.access).toEqual(PLANS.business.access);
      expect(plan.contactLimit).toBe(UNLIMITED);
    }
    expect(planFor("enterprise_pro").highlights[0]).toBe("500 concurrent calls");
    expect(planFor("enterprise_ultimate").highlights[0]).toBe("Unlimited concurrent calls");
    // An unknown plan is still the Free plan.
    expect(planFor("platinum")).toBe(PLANS.free);
  });
});
