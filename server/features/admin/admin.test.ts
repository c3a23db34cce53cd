import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_SUSPENDED, CANNOT_ACT_ON_YOURSELF, PLATFORM_ADMIN_ONLY } from "../../../common/admin";
import { createTestApp, type TestApp } from "../../test/app";
import { buildCall, buildWorkspace, type SignedInClient } from "../../test/factories";
import { todayIn, zonedMidnight } from "../reports/range";

let t: TestApp;
/** The first person on a fresh database is the platform administrator (users.role = admin). */
let admin: SignedInClient;
let customer: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildWorkspace(t, { username: "platform_admin" });
  customer = await buildWorkspace(t, { username: "abusive_customer", email: "abuse@example.com" });
}, 60_000);
afterAll(() => t.close());

describe("access", () => {
  it("refuses a workspace owner who is not a platform administrator with 403", async () => {
    const res = await customer.get("/api/admin/stats");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PLATFORM_ADMIN_ONLY);
    expect((await t.client().get("/api/admin/stats")).statusCode).toBe(401);
  });
});

describe("GET /api/admin/stats", () => {
  it("counts people and calls from the database and rates real health checks", async () => {
    await buildCall(customer);
    const res = await admin.get("/api/admin/stats");
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.totalUsers).toBe(2);
    expect(stats.activeUsers).toBe(2);
    expect(stats.totalCalls).toBeGreaterThanOrEqual(1);
    expect(stats.todaysCalls).toBeGreaterThanOrEqual(1);
    expect(stats.healthChecks.map((c: { name: string }) => c.name)).toEqual([
      "database",
      "jobQueue",
      "diskSpace",
      "errorRate",
    ]);
    expect(stats.healthChecks[0].status).toBe("healthy");
    expect(["healthy", "warning", "critical"]).toContain(stats.systemHealth);
  });

  it("counts today's calls from midnight in the admin's zone, not UTC's", async () => {
    const zone = "Pacific/Kiritimati"; // UTC+14: its day and UTC's differ for 14 hours of every day
    expect((await admin.post("/api/ai-settings", { timezone: zone })).statusCode).toBe(200);
    const now = new Date();
    const midnight = zonedMidnight(todayIn(now, zone), zone);
    const today = async () => (await admin.get("/api/admin/stats")).json().todaysCalls as number;
    const before = await today();
    const insertCall = (at: Date) =>
      t.database.db.execute(sql`
        insert into calls (workspace_id, phone_number, status, duration, start_time)
        values (${customer.user.workspace.id}::uuid, '+15551230001', 'completed', 30, ${at.toISOString()}::timestamptz)`);
    // A second after the admin's midnight counts; a minute before it is yesterday's.
    await insertCall(new Date(Math.min(midnight.getTime() + 1000, now.getTime())));
    await insertCall(new Date(midnight.getTime() - 60_000));
    expect(await today()).toBe(before + 1);
  });
});

describe("GET /api/admin/users", () => {
  it("pages and searches people across the platform", async () => {
    const all = await admin.get("/api/admin/users?limit=1");
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(all.json().users).toHaveLength(1);

    const found = await admin.get("/api/admin/users?search=ABUSIVE");
    expect(found.json().total).toBe(1);
    expect(found.json().users[0]).toMatchObject({
      username: "abusive_customer",
      email: "abuse@example.com",
      status: "active",
      role: "user",
    });
    expect(found.json().users[0].totalCalls).toBeGreaterThanOrEqual(1);

    const none = await admin.get("/api/admin/users?search=%25");
    expect(none.json().total).toBe(0);
    const bad = await admin.get("/api/admin/users?page=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Page must be 1 or more");
  });
});

describe("GET /api/admin/sessions", () => {
  it("lists the signed-in browsers across the platform, most recently used first; a suspension ends them", async () => {
    const person = await buildWorkspace(t, { username: "session_holder", email: "holder@example.com" });
    const res = await admin.get("/api/admin/sessions?limit=100");
    expect(res.statusCode).toBe(200);
    const { sessions, total, page, limit } = res.json();
    expect({ page, limit }).toEqual({ page: 1, limit: 100 });
    expect(total).toBe(sessions.length);
    const theirs = sessions.filter((s: { username: string }) => s.username === "session_holder");
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ userId: person.user.id, email: "holder@example.com" });
    expect(Date.parse(theirs[0].expiresAt)).toBeGreaterThan(Date.now());
    const seen = sessions.map((s: { lastSeenAt: string }) => Date.parse(s.lastSeenAt));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));

    expect((await admin.post(`/api/admin/users/${person.user.id}/suspend`)).statusCode).toBe(200);
    const after = (await admin.get("/api/admin/sessions?limit=100")).json();
    expect(after.sessions.some((s: { username: string }) => s.username === "session_holder")).toBe(false);
    expect(after.total).toBe(total - 1);
    // Back as they were, for the tests that count suspended people.
    expect((await admin.post(`/api/admin/users/${person.user.id}/activate`)).statusCode).toBe(200);

    const bad = await admin.get("/api/admin/sessions?page=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Page must be 1 or more");
    expect((await admin.get("/api/admin/sessions?limit=1000")).statusCode).toBe(400);
    expect((await customer.get("/api/admin/sessions")).statusCode).toBe(403);
  });
});

describe("suspend and activate", () => {
  it("ends a suspended person's sessions at once and audits who did it from where", async () => {
    const victim = await buildWorkspace(t, { username: "to_suspend" });
    // A second session of theirs, and a read that puts the session in the 10 s cache.
    expect((await victim.get("/api/user")).statusCode).toBe(200);

    const res = await admin.post(`/api/admin/users/${victim.user.id}/suspend`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.status).toBe("suspended");
    expect(res.json().sessionsEnded).toBeGreaterThanOrEqual(1);
    // Cached or not, the session is gone that second.
    expect((await victim.get("/api/user")).statusCode).toBe(401);

    const listed = await admin.get("/api/admin/users?status=suspended");
    expect(listed.json().users.map((u: { id: string }) => u.id)).toEqual([victim.user.id]);

    const back = await admin.post(`/api/admin/users/${victim.user.id}/activate`);
    expect(back.statusCode).toBe(200);
    expect(back.json().user.status).not.toBe("suspended");

    const log = await admin.get("/api/admin/audit-log?limit=10");
    const actions = log
      .json()
      .entries.map((e: { action: string; targetId: string }) => [e.action, e.targetId]);
    expect(actions).toContainEqual(["user.suspended", victim.user.id]);
    expect(actions).toContainEqual(["user.activated", victim.user.id]);
    const entry = log.json().entries.find((e: { action: string }) => e.action === "user.suspended");
    expect(entry).toMatchObject({ actorId: admin.user.id, actorName: "platform_admin" });
    expect(entry.ip).toBeTruthy();
    const filtered = await admin.get("/api/admin/audit-log?action=user.activated");
    expect(filtered.json().entries.every((e: { action: string }) => e.action === "user.activated")).toBe(
      true,
    );
  });

  it("refuses to suspend yourself (alone or in a bulk); unknown people are 404", async () => {
    const self = await admin.post(`/api/admin/users/${admin.user.id}/suspend`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(CANNOT_ACT_ON_YOURSELF);

    const unknown = await admin.post("/api/admin/users/00000000-0000-4000-8000-000000000000/suspend");
    expect(unknown.statusCode).toBe(404);
    const badAction = await admin.post(`/api/admin/users/${customer.user.id}/explode`);
    expect(badAction.statusCode).toBe(400);

    // Bulk over everyone: the administrator (yourself, the last one) is skipped with the reason.
    const bulk = await admin.post("/api/admin/users/bulk", {
      action: "suspend",
      userIds: [admin.user.id, customer.user.id],
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().changed).toBe(1);
    expect(bulk.json().skipped).toEqual([{ id: admin.user.id, reason: CANNOT_ACT_ON_YOURSELF }]);
    expect((await customer.get("/api/user")).statusCode).toBe(401);
    const bulkBack = await admin.post("/api/admin/users/bulk", {
      action: "activate",
      userIds: [customer.user.id],
    });
    expect(bulkBack.json().changed).toBe(1);
    expect((await admin.post("/api/admin/users/bulk", { action: "suspend", userIds: [] })).statusCode).toBe(
      400,
    );
  });
});

describe("signing in", () => {
  it("refuses a suspended person after the password is checked, and audits every failed sign-in", async () => {
    const person = await buildWorkspace(t, { username: "signs_in_later" });
    await admin.post(`/api/admin/users/${person.user.id}/suspend`);

    const again = t.client();
    const refused = await again.post("/api/auth/login", {
      login: "signs_in_later",
      password: "correct horse battery",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_SUSPENDED);
    // A wrong password answers as for anyone: the suspension is not told to a guesser.
    const guessed = await again.post("/api/auth/login", {
      login: "signs_in_later",
      password: "wrong password!!",
    });
    expect(guessed.statusCode).toBe(401);

    await admin.post(`/api/admin/users/${person.user.id}/activate`);
    const allowed = await again.post("/api/auth/login", {
      login: "signs_in_later",
      password: "correct horse battery",
    });
    expect(allowed.statusCode).toBe(200);

    const log = await admin.get("/api/admin/audit-log?action=sign_in.failed");
    const reasons = log.json().entries.map((e: { details: { reason: string; login: string } }) => e.details);
    expect(reasons).toContainEqual({ login: "signs_in_later", reason: "suspended" });
    expect(reasons).toContainEqual({ login: "signs_in_later", reason: "wrong_password" });
  });
});
