import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { TZDate } from "@date-fns/tz";
import { addMonths, format } from "date-fns";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLANS } from "../../../common/plans";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, rows, voiceSample } from "../../test/factories";

// Sign-up trials run 30 days from the real time, so the server's clock starts now and moves from there.
const START = new Date(Math.floor(Date.now() / 1000) * 1000);
let clock = START;
const DAY = 24 * 60 * 60 * 1000;
const NY = "America/New_York";
const day = (at: Date) => format(new TZDate(at.getTime(), NY), "MMMM d, yyyy");
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "aip-billing-"));
  t = await createTestApp({ dataDir }, { now: () => clock });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Goes through the local provider's order page: checkout, read the order, confirm. */
async function buy(c: TestClient, planId: string) {
  const checkout = await c.post("/api/subscription/checkout", { planId });
  expect(checkout.statusCode).toBe(200);
  const id = String(checkout.json().sessionUrl).split("/").pop();
  const confirm = await c.post(`/api/checkout/${id}/confirm`);
  expect(confirm.statusCode).toBe(200);
  return { id, confirm: confirm.json() };
}

/** A paid plan bought outside a trial (the sign-up trial cancelled first): charged at once. */
async function onPaidPlan(c: TestClient, planId: string) {
  expect((await c.post("/api/subscription/cancel")).statusCode).toBe(200);
  return buy(c, planId);
}

/** The end of the account's sign-up trial, as the server answers it. */
async function trialEnd(c: TestClient): Promise<Date> {
  const sub = (await c.get("/api/subscription")).json().subscription;
  expect(sub.status).toBe("trialing");
  return new Date(sub.currentPeriodEnd);
}

describe("GET /api/subscription/plans", () => {
  it("answers every plan keyed by id, with prices and features from the server", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const res = await c.get("/api/subscription/plans");
    expect(res.statusCode).toBe(200);
    const plans = res.json();
    expect(Object.keys(plans)).toEqual(["free", "basic", "pro", "premium", "personal", "business"]);
    expect(plans.pro).toMatchObject({ name: "Pro", popular: true, price: 39 });
    expect(plans.premium.features).toEqual({
      monthlyMinutes: -1,
      callScreeningLimit: -1,
      transcriptionLimit: -1,
      hasAds: false,
      hasPrioritySupport: true,
      hasAdvancedAnalytics: true,
    });
    expect(plans.personal).toMatchObject({ price: 29, contactLimit: 100 });
    expect(plans.personal.features.monthlyMinutes).toBe(500);
    expect(plans.business).toMatchObject({ price: 149, contactLimit: -1 });
    expect(plans.business.features.monthlyMinutes).toBe(-1);
    expect(plans.free.features.hasAds).toBe(true);
  });
});

describe("GET /api/subscription", () => {
  it("answers the sign-up trial, this month's usage and the plan's features", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const res = await c.get("/api/subscription");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.subscription).toMatchObject({
      planType: "personal",
      planName: "Personal",
      status: "trialing",
      cancelAtPeriodEnd: false,
      provider: null,
    });
    const local = new TZDate(START.getTime(), NY);
    expect(body.usage).toMatchObject({
      callMinutesUsed: 0,
      callsScreened: 0,
      transcriptionsUsed: 0,
      appointmentsScheduled: 0,
      year: local.getFullYear(),
      month: local.getMonth() + 1,
    });
    const reset = new TZDate(new Date(body.usage.resetsAt).getTime(), NY);
    expect([reset.getDate(), reset.getHours(), reset.getMinutes()]).toEqual([1, 0, 0]);
    expect(new Date(body.usage.resetsAt).getTime() - START.getTime()).toBeLessThanOrEqual(31 * DAY);
    expect(body.planFeatures).toEqual(PLANS.personal.features);
    expect(body.access).toEqual(PLANS.personal.access);
    expect(body.limitsReached).toEqual([]);
    expect(body.checkout).toEqual({
      provider: "local",
      unavailable: null,
      trialEndsAt: body.subscription.currentPeriodEnd,
    });
  });
});

describe("checkout with the local provider", () => {
  it("answers a sessionUrl that is a page of the app showing the order", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const res = await c.post("/api/subscription/checkout", { planId: "pro" });
    expect(res.statusCode).toBe(200);
    const url = res.json().sessionUrl;
    expect(url).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
    const order = await c.get(`/api/checkout/${url.split("/").pop()}`);
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({
      planId: "pro",
      planName: "Pro",
      amountCents: 3900,
      interval: "month",
      status: "open",
      provider: "local",
      email: c.user!.email,
    });
    // Nothing changes until the order is confirmed.
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("personal");
  });

  it("confirming changes the plan, and what the server allows with it", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    expect((await c.get("/api/subscription/usage-history")).statusCode).toBe(402);

    const { id, confirm } = await onPaidPlan(c, "pro");
    expect(confirm).toEqual({
      message: "You're on the Pro plan now.",
      redirectTo: "/subscription?checkout=success",
    });

    const sub = (await c.get("/api/subscription")).json();
    expect(sub.subscription).toMatchObject({
      planType: "pro",
      status: "active",
      provider: "local",
      cancelAtPeriodEnd: false,
      currentPeriodStart: clock.toISOString(),
      currentPeriodEnd: addMonths(START, 1).toISOString(),
    });
    expect(sub.checkout.trialEndsAt).toBeNull();
    expect(sub.access).toMatchObject({ businessFeatures: true, advancedAnalytics: true, voiceCloning: true });
    expect((await c.get("/api/user")).json().planType).toBe("pro");
    expect((await c.get(`/api/checkout/${id}`)).json().status).toBe("complete");
    expect((await c.get("/api/subscription/usage-history")).statusCode).toBe(200);

    const events = await rows(
      t,
      sql`select provider, type, workspace_id from payment_events where workspace_id = ${c.user!.workspace.id}`,
    );
    expect(events).toEqual([
      { provider: "local", type: "checkout.session.completed", workspace_id: c.user!.workspace.id },
    ]);
  });

  it("keeps no trial on a paid plan bought outside one", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await c.post("/api/subscription/cancel");
    const checkout = (await c.post("/api/subscription/checkout", { planId: "basic" })).json();
    const order = (await c.get(`/api/checkout/${checkout.sessionUrl.split("/").pop()}`)).json();
    expect(order.trialEndsAt).toBeNull();
  });

  it("refuses a second confirmation, another account's checkout and an expired one", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const { id } = await buy(c, "basic");
    const again = await c.post(`/api/checkout/${id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order is already confirmed");

    const other = await buildWorkspace(t, { planType: "personal" });
    expect((await other.get(`/api/checkout/${id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/checkout/${id}/confirm`)).statusCode).toBe(404);

    const stale = (await other.post("/api/subscription/checkout", { planId: "premium" })).json();
    const staleId = stale.sessionUrl.split("/").pop();
    clock = new Date(clock.getTime() + 2 * DAY);
    try {
      expect((await other.get(`/api/checkout/${staleId}`)).json().status).toBe("expired");
      const late = await other.post(`/api/checkout/${staleId}/confirm`);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe("This checkout has expired. Start again from the Subscription page.");
    } finally {
      clock = new Date(clock.getTime() - 2 * DAY);
    }
    expect((await other.get("/api/subscription")).json().subscription.planType).toBe("personal");
  });

  it.each([
    [{ planId: "platinum" }, 400, "That plan does not exist"],
    [
      { planId: "free" },
      400,
      "The Free plan needs no checkout. Cancel your subscription to move to Free at the end of its period.",
    ],
    [{}, 400, "Choose a plan"],
    [{ planId: " " }, 400, "Choose a plan"],
  ])("refuses %j", async (body, status, message) => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const res = await c.post("/api/subscription/checkout", body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it("refuses the plan the account is already on", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await buy(c, "pro");
    const res = await c.post("/api/subscription/checkout", { planId: "pro" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("You are already on the Pro plan");
    // A trial can be turned into the same plan, paid.
    const trial = await buildWorkspace(t, { planType: "personal" });
    expect((await trial.post("/api/subscription/checkout", { planId: "personal" })).statusCode).toBe(200);
  });

  it("rejects a malformed checkout id", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    expect((await c.get("/api/checkout/not-a-uuid")).statusCode).toBe(400);
  });
});

/** Choosing a plan during the trial charged at once and lost the trial. */
describe("upgrading during a trial", () => {
  it("keeps the trial's days: the plan applies now and is first charged when the trial ends", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const end = await trialEnd(c);
    expect((await c.get("/api/subscription")).json().checkout.trialEndsAt).toBe(end.toISOString());

    const checkout = (await c.post("/api/subscription/checkout", { planId: "pro" })).json();
    const id = checkout.sessionUrl.split("/").pop();
    const order = (await c.get(`/api/checkout/${id}`)).json();
    expect(order).toMatchObject({ planId: "pro", amountCents: 3900, trialEndsAt: end.toISOString() });

    const confirm = await c.post(`/api/checkout/${id}/confirm`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toBe(
      `You're on the Pro plan now. Your trial continues until ${day(end)}; you'll be charged $39 on ${day(end)}.`,
    );
    const sub = (await c.get("/api/subscription")).json();
    expect(sub.subscription).toMatchObject({
      planType: "pro",
      status: "trialing",
      provider: "local",
      cancelAtPeriodEnd: false,
      currentPeriodEnd: end.toISOString(),
    });
    expect(sub.access.businessFeatures).toBe(true);
    // Choosing it again is refused; another plan would keep the same trial.
    expect((await c.post("/api/subscription/checkout", { planId: "pro" })).statusCode).toBe(409);
    expect(sub.checkout.trialEndsAt).toBe(end.toISOString());

    // The trial ends: the first month starts then (the test checkout's "charge").
    clock = new Date(end.getTime() + 1000);
    try {
      expect((await c.get("/api/subscription")).json().subscription).toMatchObject({
        planType: "pro",
        status: "active",
        currentPeriodStart: end.toISOString(),
        currentPeriodEnd: addMonths(end, 1).toISOString(),
      });
    } finally {
      clock = START;
    }
  });

  it("cancelling a trial with a plan chosen charges nothing; the plan runs to the trial's end", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const end = await trialEnd(c);
    await buy(c, "premium");
    const res = await c.post("/api/subscription/cancel");
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      `Your Premium trial continues until ${day(end)}, then moves to Free. You won't be charged.`,
    );
    expect(res.json().subscription).toMatchObject({ status: "trialing", cancelAtPeriodEnd: true });
    clock = new Date(end.getTime() + 1000);
    try {
      expect((await c.get("/api/subscription")).json().subscription).toMatchObject({
        planType: "free",
        status: "active",
      });
    } finally {
      clock = START;
    }
  });

  it("with less than two days of trial left, a plan chosen is charged at once", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const end = await trialEnd(c);
    clock = new Date(end.getTime() - DAY);
    try {
      expect((await c.get("/api/subscription")).json().checkout.trialEndsAt).toBeNull();
      const { confirm } = await buy(c, "basic");
      expect(confirm.message).toBe("You're on the Basic plan now.");
      expect((await c.get("/api/subscription")).json().subscription).toMatchObject({
        planType: "basic",
        status: "active",
        currentPeriodEnd: addMonths(clock, 1).toISOString(),
      });
    } finally {
      clock = START;
    }
  });
});

describe("POST /api/subscription/cancel", () => {
  it("ends a paid subscription at the period's end, then the account is on free", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await onPaidPlan(c, "pro");
    const res = await c.post("/api/subscription/cancel");
    expect(res.statusCode).toBe(200);
    const end = addMonths(START, 1);
    expect(res.json().message).toBe(`Your Pro plan stays active until ${day(end)}, then moves to Free.`);
    expect(res.json().subscription).toMatchObject({
      planType: "pro",
      status: "active",
      cancelAtPeriodEnd: true,
    });
    // Still Pro until then.
    expect((await c.get("/api/subscription/usage-history")).statusCode).toBe(200);
    const twice = await c.post("/api/subscription/cancel");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Your subscription is already set to end on ${day(end)}`);

    clock = new Date(end.getTime() + 1000);
    try {
      const after = (await c.get("/api/subscription")).json();
      expect(after.subscription).toMatchObject({
        planType: "free",
        status: "active",
        cancelAtPeriodEnd: false,
      });
      expect(after.planFeatures).toEqual(PLANS.free.features);
      expect((await c.get("/api/user")).json().planType).toBe("free");
      const refused = await c.get("/api/subscription/usage-history");
      expect(refused.statusCode).toBe(402);
      expect(refused.json().message).toBe(
        "The Free plan does not include advanced analytics. Upgrade to Pro, Premium or Business to use it.",
      );
      expect((await c.post("/api/subscription/cancel")).json().message).toBe(
        "There is no active subscription to cancel",
      );
    } finally {
      clock = START;
    }
  });

  it("ends a trial at once: nothing was paid", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const res = await c.post("/api/subscription/cancel", {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Your Personal trial has ended. You are on the Free plan now.");
    expect((await c.get("/api/subscription")).json().subscription).toMatchObject({
      planType: "free",
      status: "active",
    });
  });

  it("renews a local subscription that was not cancelled", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await onPaidPlan(c, "basic");
    clock = new Date(addMonths(START, 2).getTime() + 10 * DAY);
    try {
      const sub = (await c.get("/api/subscription")).json().subscription;
      expect(sub).toMatchObject({
        planType: "basic",
        status: "active",
        currentPeriodStart: addMonths(START, 2).toISOString(),
        currentPeriodEnd: addMonths(START, 3).toISOString(),
      });
    } finally {
      clock = START;
    }
  });

  it("moves an unpaid trial to free when it ends", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    clock = new Date(START.getTime() + 31 * DAY);
    try {
      expect((await c.get("/api/subscription")).json().subscription.planType).toBe("free");
    } finally {
      clock = START;
    }
  });
});

describe("plan gating", () => {
  async function onFree(): Promise<TestClient> {
    const c = await buildWorkspace(t, { planType: "personal" });
    await c.post("/api/subscription/cancel");
    return c;
  }

  it("voice cloning: refused on free with the upgrade message, allowed after an upgrade", async () => {
    const c = await onFree();
    const refused = await c.post("/api/voice-profiles", voiceSample({ voiceName: "Me" }));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      "The Free plan does not include voice cloning. Upgrade to Basic, Pro, Premium, Personal or Business to use it.",
    );
    await buy(c, "basic");
    expect((await c.post("/api/voice-profiles", voiceSample({ voiceName: "Me" }))).statusCode).toBe(201);
  });

  it("advanced analytics: pro and the plans above it", async () => {
    for (const [plan, allowed] of [
      ["basic", false],
      ["personal", false],
      ["pro", true],
      ["premium", true],
      ["business", true],
    ] as const) {
      const c = await buildWorkspace(t, { planType: "personal" });
      await buy(c, plan);
      expect((await c.get("/api/subscription/usage-history")).statusCode, plan).toBe(allowed ? 200 : 402);
    }
  });

  it("answers what each plan allows with the subscription", async () => {
    const business = await buildWorkspace(t, { planType: "business" });
    expect((await business.get("/api/subscription")).json().access).toEqual({
      voiceCloning: true,
      businessFeatures: true,
      advancedAnalytics: true,
      prioritySupport: true,
    });
    const personal = await buildWorkspace(t, { planType: "personal" });
    expect((await personal.get("/api/subscription")).json().access.businessFeatures).toBe(false);
    const premium = await buildWorkspace(t, { planType: "personal" });
    await buy(premium, "premium");
    expect((await premium.get("/api/subscription")).json().access).toEqual({
      voiceCloning: true,
      businessFeatures: true,
      advancedAnalytics: true,
      prioritySupport: true,
    });
  });
});

describe("GET /api/subscription/usage-history", () => {
  it("answers the months with usage, newest first", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await buy(c, "pro");
    await t.database.db.execute(
      sql`insert into usage_tracking (workspace_id, year, month, calls_screened, call_minutes_used) values
        (${c.user!.workspace.id}, 2025, 1, 5, 12), (${c.user!.workspace.id}, 2025, 2, 7, 20)`,
    );
    const res = await c.get("/api/subscription/usage-history");
    expect(res.json().months.map((m: { month: number }) => m.month)).toEqual([2, 1]);
    expect(res.json().months[0]).toMatchObject({
      year: 2025,
      month: 2,
      callsScreened: 7,
      callMinutesUsed: 20,
    });
  });
});

describe("the Stripe webhook without Stripe", () => {
  it("answers 404 when the payments provider is the local one", async () => {
    const res = await t.client().request("POST", "/api/payments/stripe/webhook", {
      payload: JSON.stringify({ id: "evt_1", type: "checkout.session.completed", data: { object: {} } }),
      headers: { origin: undefined, "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Stripe webhooks are not configured");
  });
});
