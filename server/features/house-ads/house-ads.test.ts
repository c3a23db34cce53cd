import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_ADS_ON_PLAN, UNKNOWN_AD } from "../../../common/house-ads";
import { createTestApp, type TestApp } from "../../test/app";
import { buildWorkspace, type SignedInClient } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A workspace on the Free plan: its sign-up trial ended by cancelling it. */
async function freeWorkspace(): Promise<SignedInClient> {
  const owner = await buildWorkspace(t);
  expect((await owner.post("/api/subscription/cancel")).statusCode).toBe(200);
  expect((await owner.get("/api/subscription")).json().subscription.planType).toBe("free");
  return owner;
}

const adsViewed = async (client: SignedInClient) =>
  (await client.get("/api/subscription")).json().usage.adsViewed as number;

describe("house ads on the Free plan", () => {
  it("shows an offer or a tip in each place, counts each showing, and moves on to the next", async () => {
    const owner = await freeWorkspace();
    const first = await owner.get("/api/house-ads?place=dashboard");
    expect(first.statusCode, first.body).toBe(200);
    const ad = first.json().ad;
    expect(ad).toMatchObject({ kind: expect.stringMatching(/^(upgrade|tip)$/), title: expect.any(String) });
    expect(ad.action.to).toMatch(/^\/[a-z-]+$/);
    const elsewhere = (await owner.get("/api/house-ads?place=call-history")).json().ad;
    expect(elsewhere.id).not.toBe(ad.id);

    const seen = await owner.post("/api/house-ads/views", { adId: ad.id, place: "dashboard" });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ adsViewed: 1 });
    expect(await adsViewed(owner)).toBe(1);
    const next = (await owner.get("/api/house-ads?place=dashboard")).json().ad;
    expect(next.id).not.toBe(ad.id);
  });

  it("offers the cheapest plan without ads with its real price", async () => {
    const owner = await freeWorkspace();
    const ids = new Set<string>();
    for (let shown = 0; shown < 12; shown++) {
      const ad = (await owner.get("/api/house-ads?place=dashboard")).json().ad;
      ids.add(ad.id);
      if (ad.id === "upgrade-basic") expect(ad.body).toContain("a month");
      await owner.post("/api/house-ads/views", { adId: ad.id, place: "dashboard" });
    }
    expect(ids).toContain("upgrade-basic");
    expect([...ids].some((id) => id.startsWith("tip-"))).toBe(true);
  });
});

describe("house ads elsewhere", () => {
  it("never shows or counts an ad on a paid plan (a trial included)", async () => {
    const owner = await buildWorkspace(t);
    expect((await owner.get("/api/house-ads?place=dashboard")).json()).toEqual({ ad: null });
    const refused = await owner.post("/api/house-ads/views", { adId: "upgrade-basic", place: "dashboard" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NO_ADS_ON_PLAN);
    expect(await adsViewed(owner)).toBe(0);
  });

  it("refuses an unknown place or ad, and a signed-out request", async () => {
    const owner = await freeWorkspace();
    const place = await owner.get("/api/house-ads?place=sidebar");
    expect(place.statusCode).toBe(400);
    expect(place.json().message).toContain("place must be dashboard or call-history");
    const unknown = await owner.post("/api/house-ads/views", {
      adId: "someone-elses-ad",
      place: "dashboard",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(UNKNOWN_AD);
    const empty = await owner.post("/api/house-ads/views", { place: "dashboard" });
    expect(empty.statusCode).toBe(400);
    expect(await adsViewed(owner)).toBe(0);
    expect((await t.client().get("/api/house-ads?place=dashboard")).statusCode).toBe(401);
  });
});
