import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CANCEL_FAILED, CHECKOUT_FAILED } from "../../../common/billing";
import { PLANS } from "../../../common/plans";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, rows } from "../../test/factories";

/**
 * The official client talks to a local server that answers like Stripe's API; webhooks are
 * signed with the official package's test-header helper.
 */
type Seen = { method: string; path: string; form: URLSearchParams; auth: string | undefined };

const WEBHOOK_SECRET = "whsec_test_secret_for_the_suite";
const stripe = new Stripe("sk_test_unused");
const clock = new Date(Math.floor(Date.now() / 1000) * 1000);
let seen: Seen[] = [];
let failWith: number | null = null;
let sessions = 0;
let api: Server;
let t: TestApp;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  api = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const path = (request.url ?? "").split("?")[0] ?? "";
    seen.push({ method: request.method ?? "", path, form, auth: request.headers.authorization });
    response.setHeader("content-type", "application/json");
    if (failWith) {
      response.statusCode = failWith;
      response.end(JSON.stringify({ error: { type: "api_error", message: "Something went wrong" } }));
      return;
    }
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      sessions += 1;
      const id = `cs_test_${sessions}`;
      response.end(
        JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}` }),
      );
      return;
    }
    const balance = /^\/v1\/customers\/(cus_\w+)\/balance_transactions$/.exec(path);
    if (request.method === "POST" && balance) {
      response.end(
        JSON.stringify({
          id: `cbtxn_${seen.length}`,
          object: "customer_balance_transaction",
          customer: balance[1],
          amount: Number(form.get("amount")),
          currency: form.get("currency"),
        }),
      );
      return;
    }
    const subscription = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (subscription) {
      response.end(
        JSON.stringify({
          id: subscription[1],
          object: "subscription",
          status: request.method === "DELETE" ? "canceled" : "active",
          cancel_at_period_end: form.get("cancel_at_period_end") === "true",
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { type: "invalid_request_error", message: `No route ${path}` } }));
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  const port = (api.address() as AddressInfo).port;
  t = await createTestApp(
    {
      // As deployed: a production server whose payments go through Stripe.
      env: "production",
      publicUrl: "https://calls.example.com",
      payments: {
        provider: "stripe",
        stripeSecretKey: "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiBaseUrl: `http://127.0.0.1:${port}`,
        stripePrices: { pro: "price_pro_monthly" },
      },
    },
    { now: () => clock },
  );
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => api.close(resolve));
});
beforeEach(() => {
  seen = [];
  failWith = null;
});

/** Starts a checkout and answers our checkout id (Stripe's client_reference_id). */
async function startCheckout(c: TestClient, planId: string): Promise<string> {
  const res = await c.post("/api/subscription/checkout", { planId });
  expect(res.statusCode).toBe(200);
  const created = seen.find((s) => s.path === "/v1/checkout/sessions");
  return created?.form.get("client_reference_id") ?? "";
}

function event(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  return { id, object: "event", type, created: Math.floor(clock.getTime() / 1000), data: { object } };
}

function sign(payload: string, options: { timestamp?: number; secret?: string } = {}) {
  return stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(clock.getTime() / 1000),
  });
}

/** Stripe posts from its servers: no session, no Origin. */
function deliver(payload: string, signature: string | undefined) {
  return t.client().request("POST", "/api/payments/stripe/webhook", {
    payload,
    headers: {
      origin: undefined,
      // As Stripe sends it.
      "content-type": "application/json; charset=utf-8",
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      ...(signature === undefined ? {} : { "stripe-signature": signature }),
    },
  });
}

async function complete(
  c: TestClient,
  planId: string,
  subscription: string,
  customer = "cus_test_1",
  paymentStatus = "paid",
) {
  const checkoutId = await startCheckout(c, planId);
  const payload = JSON.stringify(
    event("checkout.session.completed", {
      id: `cs_test_${sessions}`,
      object: "checkout.session",
      client_reference_id: checkoutId,
      customer,
      subscription,
      payment_status: paymentStatus,
      metadata: { planId, checkoutId },
    }),
  );
  const res = await deliver(payload, sign(payload));
  expect(res.statusCode).toBe(200);
  return payload;
}

describe("checkout with Stripe", () => {
  it("creates a Checkout Session in subscription mode and answers its address", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const res = await c.post("/api/subscription/checkout", { planId: "pro" });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const [request] = seen;
    expect(request).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(request?.auth).toBe("Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc");
    const form = request!.form;
    expect(form.get("mode")).toBe("subscription");
    expect(form.get("line_items[0][price]")).toBe("price_pro_monthly");
    expect(form.get("customer_email")).toBe(c.user!.email);
    expect(form.get("success_url")).toBe("https://calls.example.com/subscription?checkout=success");
    expect(form.get("cancel_url")).toBe("https://calls.example.com/subscription?checkout=cancelled");
    expect(form.get("metadata[planId]")).toBe("pro");
    expect(form.get("subscription_data[metadata][workspaceId]")).toBe(c.user!.workspace.id);
    const checkoutId = form.get("client_reference_id");
    const [row] = await rows(
      t,
      sql`select provider, provider_session_id, status, amount_cents from checkout_sessions where id = ${checkoutId}`,
    );
    expect(row).toEqual({
      provider: "stripe",
      provider_session_id: res.json().sessionUrl.split("/").pop(),
      status: "open",
      amount_cents: 3900,
    });
  });

  it("sells a plan without a configured price with an inline monthly price", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await c.post("/api/subscription/cancel");
    await c.post("/api/subscription/checkout", { planId: "basic" });
    const form = seen[0]!.form;
    expect(form.get("line_items[0][price]")).toBeNull();
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("999");
    // Bought outside a trial (see "upgrading during a trial"): charged at once.
    expect(form.get("subscription_data[trial_end]")).toBeNull();
    expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(form.get("line_items[0][price_data][recurring][interval]")).toBe("month");
  });

  it("answers 502 with the spec's message when Stripe fails, and keeps no checkout", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    failWith = 500;
    const res = await c.post("/api/subscription/checkout", { planId: "pro" });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(CHECKOUT_FAILED);
    const left = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from checkout_sessions where workspace_id = ${c.user!.workspace.id}`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it("the local order page refuses a Stripe checkout", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const checkoutId = await startCheckout(c, "pro");
    const res = await c.post(`/api/checkout/${checkoutId}/confirm`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This checkout is paid on Stripe's page");
  });
});

describe("production with Stripe", () => {
  it("says checkout goes through Stripe", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    expect((await c.get("/api/subscription")).json().checkout).toMatchObject({
      provider: "stripe",
      unavailable: null,
    });
  });

  it("refuses to confirm a test-checkout order left from before Stripe was connected", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const [row] = await rows<{ id: string }>(
      t,
      sql`insert into checkout_sessions (workspace_id, plan_id, provider, amount_cents)
            values (${c.user!.workspace.id}, 'premium', 'local', 9900) returning id`,
    );
    const confirm = await c.post(`/api/checkout/${row?.id}/confirm`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(
      "The built-in test checkout is switched off on this server. Start again from the Subscription page.",
    );
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("personal");
  });
});

describe("POST /api/payments/stripe/webhook", () => {
  it("a valid checkout.session.completed puts the account on the plan", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await complete(c, "pro", "sub_valid_1");
    const sub = (await c.get("/api/subscription")).json();
    // Bought during the sign-up trial: the plan applies now, as a trial.
    expect(sub.subscription).toMatchObject({ planType: "pro", status: "trialing", provider: "stripe" });
    expect(sub.access.businessFeatures).toBe(true);
    expect((await c.get("/api/user")).json().planType).toBe("pro");
  });

  it("refuses a tampered body, a wrong secret and a missing signature", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const checkoutId = await startCheckout(c, "premium");
    const payload = JSON.stringify(
      event("checkout.session.completed", {
        client_reference_id: checkoutId,
        subscription: "sub_tampered",
        payment_status: "paid",
      }),
    );
    const tampered = payload.replace("premium", "premium").replace("sub_tampered", "sub_tampered_x");
    const bad = await deliver(tampered, sign(payload));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Webhook signature does not match");

    const wrongSecret = await deliver(payload, sign(payload, { secret: "whsec_someone_else" }));
    expect(wrongSecret.statusCode).toBe(400);

    const missing = await deliver(payload, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Missing Stripe-Signature header");

    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("personal");
  });

  it("refuses a signature older than 300 seconds, and accepts one just inside", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const checkoutId = await startCheckout(c, "basic");
    const payload = JSON.stringify(
      event("checkout.session.completed", {
        client_reference_id: checkoutId,
        subscription: "sub_stale",
        payment_status: "paid",
      }),
    );
    const now = Math.floor(clock.getTime() / 1000);
    const stale = await deliver(payload, sign(payload, { timestamp: now - 301 }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe("Webhook signature timestamp is too old");
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("personal");

    const fresh = await deliver(payload, sign(payload, { timestamp: now - 290 }));
    expect(fresh.statusCode).toBe(200);
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("basic");
  });

  it("processes each event id once: a replay changes nothing", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const completed = await complete(c, "pro", "sub_replay");
    const ended = JSON.stringify(
      event("customer.subscription.deleted", { id: "sub_replay", status: "canceled" }),
    );
    expect((await deliver(ended, sign(ended))).statusCode).toBe(200);
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("free");

    const replay = await deliver(completed, sign(completed));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("free");
    const recorded = (
      await rows<{ type: string }>(
        t,
        sql`select type from payment_events where workspace_id = ${c.user!.workspace.id} order by processed_at`,
      )
    ).map((r) => r.type);
    expect(recorded).toEqual(["checkout.session.completed", "customer.subscription.deleted"]);
  });

  it("follows customer.subscription.updated: period, cancellation, past due", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await complete(c, "pro", "sub_updates");
    const start = Math.floor(clock.getTime() / 1000);
    const end = start + 30 * 24 * 3600;
    const updated = JSON.stringify(
      event("customer.subscription.updated", {
        id: "sub_updates",
        object: "subscription",
        status: "past_due",
        cancel_at_period_end: true,
        items: {
          data: [
            { current_period_start: start, current_period_end: end, price: { id: "price_pro_monthly" } },
          ],
        },
      }),
    );
    expect((await deliver(updated, sign(updated))).statusCode).toBe(200);
    const sub = (await c.get("/api/subscription")).json();
    expect(sub.subscription).toMatchObject({
      planType: "pro",
      status: "past_due",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(end * 1000).toISOString(),
    });
    // Past due keeps the plan's features while Stripe retries the card.
    expect(sub.access.advancedAnalytics).toBe(true);
  });

  it("ignores events about subscriptions and checkouts it does not know", async () => {
    const unknown = JSON.stringify(
      event("customer.subscription.updated", { id: "sub_nobody", status: "active" }),
    );
    expect((await deliver(unknown, sign(unknown))).statusCode).toBe(200);
    const stray = JSON.stringify(
      event("checkout.session.completed", { client_reference_id: "00000000-0000-4000-8000-000000000000" }),
    );
    expect((await deliver(stray, sign(stray))).statusCode).toBe(200);
    const other = JSON.stringify(event("invoice.paid", { id: "in_1" }));
    expect((await deliver(other, sign(other))).json()).toEqual({ received: true });
  });

  it("an unpaid completion waits for async_payment_succeeded", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const checkoutId = await startCheckout(c, "basic");
    const object = { client_reference_id: checkoutId, subscription: "sub_async", payment_status: "unpaid" };
    const pending = JSON.stringify(event("checkout.session.completed", object));
    await deliver(pending, sign(pending));
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("personal");
    const paid = JSON.stringify(
      event("checkout.session.async_payment_succeeded", { ...object, payment_status: "paid" }),
    );
    await deliver(paid, sign(paid));
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("basic");
  });

  it("an upgrade ends the subscription it replaces at Stripe", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await complete(c, "basic", "sub_old_plan");
    seen = [];
    await complete(c, "premium", "sub_new_plan", "cus_test_1");
    // The checkout reused the customer.
    expect(seen.find((s) => s.path === "/v1/checkout/sessions")?.form.get("customer")).toBe("cus_test_1");
    await expect
      .poll(() => seen.some((s) => s.method === "DELETE" && s.path === "/v1/subscriptions/sub_old_plan"))
      .toBe(true);
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("premium");
  });
});

/** Choosing a plan during the trial keeps the trial and charges at its end. */
describe("upgrading during a trial with Stripe", () => {
  async function trialEnd(c: TestClient): Promise<Date> {
    const sub = (await c.get("/api/subscription")).json().subscription;
    expect(sub.status).toBe("trialing");
    return new Date(sub.currentPeriodEnd);
  }

  it("asks Stripe for a subscription whose trial ends when the sign-up trial does", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const end = await trialEnd(c);
    await complete(c, "pro", "sub_trial_1", "cus_trial_1", "no_payment_required");
    const form = seen.find((s) => s.path === "/v1/checkout/sessions")!.form;
    expect(form.get("subscription_data[trial_end]")).toBe(String(Math.floor(end.getTime() / 1000)));
    expect((await c.get("/api/subscription")).json().subscription).toMatchObject({
      planType: "pro",
      status: "trialing",
      provider: "stripe",
      currentPeriodEnd: end.toISOString(),
    });

    // The trial ends at Stripe: the first invoice is paid and the subscription turns active.
    const start = Math.floor(end.getTime() / 1000);
    const next = start + 30 * 24 * 3600;
    const paid = JSON.stringify(
      event("customer.subscription.updated", {
        id: "sub_trial_1",
        object: "subscription",
        status: "active",
        cancel_at_period_end: false,
        items: { data: [{ current_period_start: start, current_period_end: next }] },
      }),
    );
    expect((await deliver(paid, sign(paid))).statusCode).toBe(200);
    expect((await c.get("/api/subscription")).json().subscription).toMatchObject({
      planType: "pro",
      status: "active",
      currentPeriodStart: new Date(start * 1000).toISOString(),
      currentPeriodEnd: new Date(next * 1000).toISOString(),
    });
  });

  it("cancelling the trial asks Stripe to end it at the trial's end, so nothing is charged", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await complete(c, "basic", "sub_trial_cancel", "cus_trial_2", "no_payment_required");
    seen = [];
    const res = await c.post("/api/subscription/cancel");
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(
      /^Your Basic trial continues until .*, then moves to Free\. You won't be charged\.$/,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/v1/subscriptions/sub_trial_cancel" });
    expect(seen[0]?.form.get("cancel_at_period_end")).toBe("true");
  });
});

describe("cancel with Stripe", () => {
  it("asks Stripe to cancel at the period's end", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await complete(c, "pro", "sub_cancel_me");
    seen = [];
    const res = await c.post("/api/subscription/cancel");
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription.cancelAtPeriodEnd).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", path: "/v1/subscriptions/sub_cancel_me" });
    expect(seen[0]?.form.get("cancel_at_period_end")).toBe("true");
  });

  it("answers 502 with the spec's message when Stripe fails, and changes nothing", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await complete(c, "pro", "sub_cancel_fails");
    failWith = 500;
    const res = await c.post("/api/subscription/cancel");
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(CANCEL_FAILED);
    failWith = null;
    expect((await c.get("/api/subscription")).json().subscription.cancelAtPeriodEnd).toBe(false);
  });
});

describe("the webhook refuses what it cannot trust or store", () => {
  const now = () => Math.floor(clock.getTime() / 1000);
  const recordedEvents = async () =>
    (
      (await t.database.db.execute(sql`select count(*)::int as n from payment_events`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;

  it("refuses a signature dated beyond the tolerance in the future, and accepts slight clock skew", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const checkoutId = await startCheckout(c, "basic");
    const payload = JSON.stringify(
      event("checkout.session.completed", {
        client_reference_id: checkoutId,
        subscription: "sub_future",
        payment_status: "paid",
      }),
    );
    for (const ahead of [24 * 3600, 301]) {
      const future = await deliver(payload, sign(payload, { timestamp: now() + ahead }));
      expect(future.statusCode, `${ahead} s ahead`).toBe(400);
      expect(future.json().message).toBe("Webhook signature timestamp is in the future");
    }
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("personal");

    const skewed = await deliver(payload, sign(payload, { timestamp: now() + 60 }));
    expect(skewed.statusCode).toBe(200);
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("basic");
  });

  it.each([
    ["a JSON array", JSON.stringify([{ id: "evt_in_array", type: "invoice.paid", data: { object: {} } }])],
    ["a JSON string", JSON.stringify("evt_1")],
    ["null", "null"],
    ["an object that is not an event", JSON.stringify({ hello: "world" })],
    ["an event without data.object", JSON.stringify({ id: "evt_no_data", type: "invoice.paid", created: 1 })],
    ["an event whose id is a number", JSON.stringify({ id: 42, type: "invoice.paid", data: { object: {} } })],
  ])("answers 400 to a validly signed body that is %s", async (_what, payload) => {
    const before = await recordedEvents();
    const res = await deliver(payload, sign(payload));
    expect(await recordedEvents()).toBe(before);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The webhook body is not a Stripe event (an object with id, type and data.object)",
    );
  });

  it("answers 400 to a validly signed body that is not JSON", async () => {
    const payload = "id=evt_1&type=invoice.paid";
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The webhook body is not valid JSON");
  });

  it.each([
    ["a NUL in the event id", { id: "evt_\u0000nul" }],
    ["a NUL in the event type", { type: "invoice.paid\u0000" }],
    ["a lone surrogate in the event id", { id: "evt_\ud800" }],
    ["a NUL in an id inside the object", { data: { object: { id: "sub_\u0000x", status: "active" } } }],
  ])("answers 400 to a validly signed event with %s, and records nothing", async (_what, patch) => {
    const payload = JSON.stringify({
      ...event("customer.subscription.updated", { id: "sub_nobody", status: "active" }),
      ...patch,
    });
    const before = await recordedEvents();
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The webhook event contains text that cannot be stored (NUL or a lone surrogate)",
    );
    expect(await recordedEvents()).toBe(before);
  });

  it("ignores period dates and statuses it cannot read instead of failing", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await complete(c, "pro", "sub_odd_values");
    const before = (await c.get("/api/subscription")).json().subscription;
    const odd = JSON.stringify(
      event("customer.subscription.updated", {
        id: "sub_odd_values",
        status: "sleeping",
        current_period_start: -1e20,
        current_period_end: 1e20,
        items: { data: [{ current_period_end: 253402300800 * 10 }] },
      }),
    );
    const res = await deliver(odd, sign(odd));
    expect(res.statusCode).toBe(200);
    const after = (await c.get("/api/subscription")).json().subscription;
    expect(after).toMatchObject({
      planType: "pro",
      status: before.status,
      currentPeriodStart: before.currentPeriodStart,
      currentPeriodEnd: before.currentPeriodEnd,
    });
  });
});

describe("a referral rewarded through Stripe", () => {
  it("credits the referred workspace's Stripe balance (the next invoice) and records the referrer's", async () => {
    const referrer = await buildWorkspace(t);
    const { code } = (await referrer.get("/api/referrals")).json();
    const referee = await buildWorkspace(t, { planType: "personal" });
    expect((await referee.post("/api/referrals/claim", { code })).statusCode).toBe(200);
    expect((await referee.post("/api/subscription/cancel")).statusCode).toBe(200);
    await complete(referee, "pro", "sub_referred_1", "cus_referred_1");

    await expect
      .poll(() => seen.find((s) => s.path === "/v1/customers/cus_referred_1/balance_transactions"))
      .toBeDefined();
    const credit = seen.find((s) => s.path === "/v1/customers/cus_referred_1/balance_transactions");
    expect(credit?.form.get("amount")).toBe(String(-PLANS.pro.priceCents));
    expect(credit?.form.get("currency")).toBe("usd");
    await expect
      .poll(async () => (await referee.get("/api/referrals")).json().rewards)
      .toEqual([expect.objectContaining({ provider: "stripe", amountCents: PLANS.pro.priceCents })]);
    // The referrer pays through no card subscription here: its credit is recorded.
    expect((await referrer.get("/api/referrals")).json().rewards).toEqual([
      expect.objectContaining({ provider: "local", reason: "you_referred" }),
    ]);
  });
});
