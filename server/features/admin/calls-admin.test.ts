import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { buildCall, buildWorkspace, type SignedInClient } from "../../test/factories";
import { callCost, perMinuteRateCents } from "./calls-cost";

/** GET /api/admin/calls, across every workspace, paged and filtered, with cost. */
let t: TestApp;
let admin: SignedInClient;
/** On the personal plan: $29.00 for 500 minutes, 5.8¢ a minute. */
let personal: SignedInClient;
/** On the business plan: unlimited minutes, nothing by the minute. */
let business: SignedInClient;
const ids: Record<string, string> = {};

type SystemCall = {
  id: string;
  timestamp: string;
  userId: string | null;
  workspaceId: string;
  phoneNumber: string;
  classification: string | null;
  duration: number;
  status: string;
  simulated: boolean;
  cost: number;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildWorkspace(t, { username: "calls_admin" });
  personal = await buildWorkspace(t, { username: "personal_owner", planType: "personal" });
  business = await buildWorkspace(t, { username: "business_owner" });
  const made = [
    ["long", personal, "+15550001111", 125, "sales", "completed"],
    ["short", personal, "+15550002222", 59, "spam", "completed"],
    ["biz", business, "+15550003333", 600, "sales", "missed"],
    ["test", business, "+15550004444", 30, "sales", "completed"],
  ] as const;
  let minute = 0;
  for (const [name, client, phoneNumber, duration, classification, status] of made) {
    const call = await buildCall(client, { phoneNumber, callerName: `Caller ${name}` });
    ids[name] = call.id;
    minute += 1;
    // The figures a finished call would carry, and start times a minute apart (newest last).
    await t.database.db.execute(sql`update calls set duration = ${duration}, classification = ${classification},
      status = ${status}, start_time = now() - make_interval(mins => ${60 - minute}) where id = ${call.id}`);
  }
  await t.database.db.execute(sql`update calls set is_test = true where id = ${ids.test}`);
}, 90_000);
afterAll(() => t.close());

describe("the plan's per-minute rate", () => {
  it("is the plan's price spread over its included minutes; free and unlimited plans charge nothing", () => {
    expect(perMinuteRateCents("personal")).toBeCloseTo(5.8);
    expect(perMinuteRateCents("basic")).toBeCloseTo(999 / 300);
    expect(perMinuteRateCents("free")).toBe(0);
    expect(perMinuteRateCents("business")).toBe(0);
    expect(perMinuteRateCents("no-such-plan")).toBe(0);
    // Minutes are rounded up: 125 s is 3 minutes, 17.4¢, $0.17; no time costs nothing.
    expect(callCost("personal", 125)).toBe(0.17);
    expect(callCost("personal", 60)).toBe(0.06);
    expect(callCost("personal", 0)).toBe(0);
  });
});

describe("GET /api/admin/calls", () => {
  it("lists real calls across every workspace, newest first, with owner and cost; test calls left out", async () => {
    const res = await admin.get("/api/admin/calls");
    expect(res.statusCode).toBe(200);
    const body = res.json() as { calls: SystemCall[]; total: number; page: number; limit: number };
    expect(body).toMatchObject({ total: 3, page: 1, limit: 25 });
    expect(body.calls.map((c) => c.id)).toEqual([ids.biz, ids.short, ids.long]);
    expect(body.calls[2]).toEqual({
      id: ids.long,
      timestamp: expect.any(String),
      userId: personal.user.id,
      workspaceId: personal.user.workspace.id,
      phoneNumber: "+15550001111",
      classification: "sales",
      duration: 125,
      status: "completed",
      simulated: false,
      cost: 0.17,
    });
    expect(body.calls[1]?.cost).toBe(0.06);
    expect(body.calls[0]).toMatchObject({ userId: business.user.id, cost: 0, status: "missed" });
  });

  it("counts in the header and per person the very calls the tab lists", async () => {
    const header = (await admin.get("/api/admin/stats")).json();
    expect(header).toMatchObject({ totalCalls: 3 });
    // The calls started within the last hour: today's too, unless midnight UTC fell in between.
    expect(header.todaysCalls).toBeLessThanOrEqual(3);
    const users = (await admin.get("/api/admin/users?limit=100")).json().users as {
      id: string;
      totalCalls: number;
    }[];
    const callsOf = (id: string) => users.find((user) => user.id === id)?.totalCalls;
    expect([callsOf(personal.user.id), callsOf(business.user.id), callsOf(admin.user.id)]).toEqual([2, 1, 0]);
  });

  it("pages on the server", async () => {
    const first = await admin.get("/api/admin/calls?limit=2");
    expect(first.json()).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.json().calls.map((c: SystemCall) => c.id)).toEqual([ids.biz, ids.short]);
    const second = await admin.get("/api/admin/calls?limit=2&page=2");
    expect(second.json().calls.map((c: SystemCall) => c.id)).toEqual([ids.long]);
    const past = await admin.get("/api/admin/calls?limit=2&page=9");
    expect(past.json()).toMatchObject({ calls: [], total: 3 });
  });

  it("filters by owner, classification, status and a search of number or caller name", async () => {
    const byOwner = await admin.get(`/api/admin/calls?userId=${personal.user.id}`);
    expect(byOwner.json().calls.map((c: SystemCall) => c.id)).toEqual([ids.short, ids.long]);
    const sales = await admin.get("/api/admin/calls?classification=sales");
    expect(sales.json().calls.map((c: SystemCall) => c.id)).toEqual([ids.biz, ids.long]);
    const missed = await admin.get("/api/admin/calls?status=missed");
    expect(missed.json().calls.map((c: SystemCall) => c.id)).toEqual([ids.biz]);
    const number = await admin.get("/api/admin/calls?search=0002222");
    expect(number.json().calls.map((c: SystemCall) => c.id)).toEqual([ids.short]);
    const name = await admin.get("/api/admin/calls?search=CALLER%20LONG");
    expect(name.json().calls.map((c: SystemCall) => c.id)).toEqual([ids.long]);
    const combined = await admin.get(`/api/admin/calls?userId=${personal.user.id}&classification=spam`);
    expect(combined.json()).toMatchObject({ total: 1 });
    // A wildcard typed in the search is a character, not a pattern.
    expect((await admin.get("/api/admin/calls?search=%25")).json().total).toBe(0);
    const nobody = await admin.get("/api/admin/calls?userId=00000000-0000-4000-8000-000000000000");
    expect(nobody.json()).toMatchObject({ calls: [], total: 0 });
  });

  it("answers bad input with a readable 400, and anyone but an administrator with 403", async () => {
    const page = await admin.get("/api/admin/calls?page=0");
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toContain("Page must be 1 or more");
    expect((await admin.get("/api/admin/calls?limit=101")).statusCode).toBe(400);
    const user = await admin.get("/api/admin/calls?userId=someone");
    expect(user.statusCode).toBe(400);
    expect(user.json().message).toContain("Unknown user");
    expect((await admin.get(`/api/admin/calls?search=${"x".repeat(101)}`)).statusCode).toBe(400);
    expect((await personal.get("/api/admin/calls")).statusCode).toBe(403);
    expect((await t.client().get("/api/admin/calls")).statusCode).toBe(401);
  });
});
