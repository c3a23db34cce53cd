import { addMonths } from "date-fns";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENTS_NOT_CONFIGURED } from "../../../common/billing";
import { loadConfig } from "../../config";
import { createPaymentsProvider } from "../../providers/payments";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, rows } from "../../test/factories";

/**
 * A production server sold every plan through the built-in test checkout.
 * Under NODE_ENV=production the local provider must be asked for by name; without it (and
 * without Stripe) checkout and the order page's confirm refuse with a message a person can act on.
 */

const paymentsFor = (env: Record<string, string>) => loadConfig(env).payments;

/** A test-checkout order as one started before the server's payments changed would be. */
async function leftoverLocalCheckout(t: TestApp, c: TestClient, planId = "premium"): Promise<string> {
  const [row] = await rows(
    t,
    sql`insert into checkout_sessions (workspace_id, plan_id, provider, amount_cents)
        values (${c.user!.workspace.id}, ${planId}, 'local', 9900) returning id`,
  );
  return String(row?.id);
}

describe("which payments provider the environment selects", () => {
  it("development and tests keep the built-in test checkout by default", () => {
    expect(paymentsFor({}).provider).toBe("local");
    expect(paymentsFor({ NODE_ENV: "development" }).provider).toBe("local");
    expect(paymentsFor({ NODE_ENV: "test" }).provider).toBe("local");
  });

  it("production sells nothing until payments are configured", () => {
    expect(paymentsFor({ NODE_ENV: "production" }).provider).toBe("none");
    expect(paymentsFor({ NODE_ENV: "production", PAYMENTS_PROVIDER: "local" }).provider).toBe("local");
    expect(paymentsFor({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x" }).provider).toBe("stripe");
    expect(paymentsFor({ NODE_ENV: "development", PAYMENTS_PROVIDER: "none" }).provider).toBe("none");
  });

  it("refuses a misspelt PAYMENTS_PROVIDER, and stripe without a key, at start", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENTS_PROVIDER: "locale" })).toThrow(
      /PAYMENTS_PROVIDER/,
    );
    const config = loadConfig({ NODE_ENV: "production", PAYMENTS_PROVIDER: "stripe" });
    expect(() => createPaymentsProvider(config, { warn: () => {} })).toThrow(/STRIPE_SECRET_KEY is not set/);
  });

  it("warns at start when production sells through the test checkout, or sells nothing", () => {
    const warnings: string[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(String(args.at(-1))) };
    createPaymentsProvider(loadConfig({ NODE_ENV: "production", PAYMENTS_PROVIDER: "local" }), log);
    expect(warnings).toEqual([expect.stringMatching(/PAYMENTS_PROVIDER=local.*no card is charged/i)]);

    warnings.length = 0;
    createPaymentsProvider(loadConfig({ NODE_ENV: "production" }), log);
    expect(warnings).toEqual([expect.stringMatching(/Payments are not configured.*STRIPE_SECRET_KEY/)]);

    warnings.length = 0;
    createPaymentsProvider(loadConfig({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x" }), log);
    expect(warnings).toEqual([expect.stringMatching(/STRIPE_WEBHOOK_SECRET is not set/)]);

    warnings.length = 0;
    createPaymentsProvider(loadConfig({ NODE_ENV: "development" }), log);
    createPaymentsProvider(
      loadConfig({
        NODE_ENV: "production",
        STRIPE_SECRET_KEY: "sk_live_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
      }),
      log,
    );
    expect(warnings).toEqual([]);
  });
});

describe("production with payments not configured", () => {
  const START = new Date(Math.floor(Date.now() / 1000) * 1000);
  let clock = START;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { env: "production", payments: paymentsFor({ NODE_ENV: "production" }) },
      { now: () => clock },
    );
  });
  afterAll(() => t.close());

  it("checkout answers 503 with what to do, and keeps no order", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    for (const planId of ["basic", "pro", "premium", "personal", "business"]) {
      const res = await c.post("/api/subscription/checkout", { planId });
      expect(res.statusCode, planId).toBe(503);
      expect(res.json().message).toBe(PAYMENTS_NOT_CONFIGURED);
    }
    expect(PAYMENTS_NOT_CONFIGURED).toBe(
      "Payments are not set up on this server yet, so nothing can be paid here. Ask the platform administrator to connect Stripe.",
    );
    const left = await rows(
      t,
      sql`select count(*)::int as n from checkout_sessions where workspace_id = ${c.user!.workspace.id}`,
    );
    expect(left[0]?.n).toBe(0);
    // Bad input is still answered as bad input.
    expect((await c.post("/api/subscription/checkout", { planId: "platinum" })).statusCode).toBe(400);
  });

  it("the order page's confirm refuses too, even for an order left from before", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const id = await leftoverLocalCheckout(t, c);
    const order = await c.get(`/api/checkout/${id}`);
    expect(order.statusCode).toBe(200);
    expect(order.json().unavailable).toBe(PAYMENTS_NOT_CONFIGURED);
    const confirm = await c.post(`/api/checkout/${id}/confirm`);
    expect(confirm.statusCode).toBe(503);
    expect(confirm.json().message).toBe(PAYMENTS_NOT_CONFIGURED);
    const sub = (await c.get("/api/subscription")).json();
    expect(sub.subscription.planType).toBe("personal");
    expect((await c.get("/api/user")).json().planType).toBe("personal");
  });

  it("the subscription says paid plans cannot be bought here, and the trial can still be cancelled", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const sub = (await c.get("/api/subscription")).json();
    expect(sub.checkout).toMatchObject({ provider: null, unavailable: PAYMENTS_NOT_CONFIGURED });
    expect((await c.post("/api/subscription/cancel")).statusCode).toBe(200);
  });

  it("a test-checkout subscription from before is not renewed for free when its month ends", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const end = addMonths(START, 1);
    await t.database.db.execute(sql`
      update subscriptions set plan_type = 'premium', status = 'active', current_period_end = ${end},
        payment_subscription_id = 'local_sub_00000000-0000-4000-8000-000000000000'
      where workspace_id = ${c.user!.workspace.id}`);
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("premium");
    clock = new Date(end.getTime() + 1000);
    try {
      const after = (await c.get("/api/subscription")).json().subscription;
      expect(after).toMatchObject({ planType: "free", status: "active" });
    } finally {
      clock = START;
    }
  });
});

describe("production with PAYMENTS_PROVIDER=local", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: "production",
      payments: paymentsFor({ NODE_ENV: "production", PAYMENTS_PROVIDER: "local" }),
    });
  });
  afterAll(() => t.close());

  it("sells through the test checkout, as asked", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    expect((await c.get("/api/subscription")).json().checkout).toMatchObject({
      provider: "local",
      unavailable: null,
    });
    const checkout = await c.post("/api/subscription/checkout", { planId: "premium" });
    expect(checkout.statusCode).toBe(200);
    const id = String(checkout.json().sessionUrl).split("/").pop();
    expect((await c.get(`/api/checkout/${id}`)).json().unavailable).toBeNull();
    expect((await c.post(`/api/checkout/${id}/confirm`)).statusCode).toBe(200);
    expect((await c.get("/api/subscription")).json().subscription.planType).toBe("premium");
  });
});
