import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLANS } from "../../../common/plans";
import {
  ALREADY_REFERRED,
  OWN_REFERRAL,
  REFERRAL_TOO_LATE,
  UNKNOWN_REFERRAL_CODE,
} from "../../../common/referrals";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace } from "../../test/factories";
import type { ReferralsService } from "./service";

/** The server's clock: today (a workspace's creation time is the database's), moved for the late claim. */
let clock = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

/** The referrals area's service, as the app built it (its hourly sweep is not scheduled in tests). */
const referralsService = () =>
  t.app.services.areas.find((area) => area.name === "referrals")?.service as ReferralsService;

const overview = async (c: TestClient) => {
  const res = await c.get("/api/referrals");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Pays for a plan through the test checkout, after ending the sign-up trial (so it is paid now). */
async function paysFor(c: TestClient, planId: string) {
  expect((await c.post("/api/subscription/cancel")).statusCode).toBe(200);
  const checkout = await c.post("/api/subscription/checkout", { planId });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const id = String(checkout.json().sessionUrl).split("/").pop();
  expect((await c.post(`/api/checkout/${id}/confirm`)).statusCode).toBe(200);
}

describe("referral links", () => {
  it("gives each workspace one code and a sign-up link with it", async () => {
    const owner = await buildWorkspace(t);
    const first = await overview(owner);
    expect(first.code).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(first.link).toMatch(new RegExp(`^https?://[^/]+/signup\\?ref=${first.code}$`));
    expect((await overview(owner)).code).toBe(first.code);
    expect(first).toMatchObject({ signups: [], rewards: [], totalCreditCents: 0 });
    expect((await overview(await buildWorkspace(t))).code).not.toBe(first.code);
  });

  it("records a sign-up through the link; when it first pays, both are credited one month, once", async () => {
    const referrer = await buildWorkspace(t);
    const { code } = await overview(referrer);
    const referee = await buildWorkspace(t, { email: "newcomer@example.com" });
    const claimed = await referee.post("/api/referrals/claim", { code });
    expect(claimed.statusCode, claimed.body).toBe(200);

    const waiting = await overview(referrer);
    expect(waiting.signups).toEqual([
      expect.objectContaining({ email: "ne…@example.com", status: "signed_up", rewardCents: null }),
    ]);
    // A trial is not a payment: nothing yet.
    expect(waiting.rewards).toEqual([]);

    await paysFor(referee, "pro");
    await expect.poll(async () => (await overview(referrer)).totalCreditCents).toBe(PLANS.pro.priceCents);
    const rewarded = await overview(referrer);
    expect(rewarded.signups[0]).toMatchObject({ status: "rewarded", rewardCents: PLANS.pro.priceCents });
    expect(rewarded.rewards).toEqual([
      expect.objectContaining({
        amountCents: PLANS.pro.priceCents,
        provider: "local",
        reason: "you_referred",
      }),
    ]);
    const theirs = await overview(referee);
    expect(theirs.rewards).toEqual([
      expect.objectContaining({ reason: "you_were_referred", provider: "local" }),
    ]);

    // The hourly sweep and another plan change give nothing more.
    expect(await referralsService().sweep()).toBe(0);
    await paysFor(referee, "premium");
    expect((await overview(referrer)).totalCreditCents).toBe(PLANS.pro.priceCents);
    expect((await overview(referee)).rewards).toHaveLength(1);
  });

  it("refuses an unknown or malformed code, its own code, a second referral, and a late one", async () => {
    const referrer = await buildWorkspace(t);
    const { code } = await overview(referrer);
    const unknown = await referrer.post("/api/referrals/claim", { code: "ZZZZZZZZZZ" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(UNKNOWN_REFERRAL_CODE);
    const malformed = await referrer.post("/api/referrals/claim", { code: "<script>" });
    expect(malformed.statusCode).toBe(400);
    const own = await referrer.post("/api/referrals/claim", { code });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(OWN_REFERRAL);

    const referee = await buildWorkspace(t);
    expect((await referee.post("/api/referrals/claim", { code })).statusCode).toBe(200);
    const other = await overview(await buildWorkspace(t));
    const twice = await referee.post("/api/referrals/claim", { code: other.code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ALREADY_REFERRED);

    const old = await buildWorkspace(t);
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    const late = await old.post("/api/referrals/claim", { code });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REFERRAL_TOO_LATE);
    expect((await t.client().get("/api/referrals")).statusCode).toBe(401);
  });
});
