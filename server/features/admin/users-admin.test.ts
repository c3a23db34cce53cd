import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CANNOT_ACT_ON_YOURSELF,
  LAST_ADMIN,
  SIGN_IN_LINK_EXPIRED,
  SIGN_IN_LINK_UNKNOWN,
  SIGN_IN_LINK_USED,
} from "../../../common/admin";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildMember, buildWorkspace, rows, type SignedInClient } from "../../test/factories";

/**
 * Deleting a person with all their data, and Add User with its one-time
 * sign-in link. Real HTTP against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
/** The first person on a fresh database is the platform administrator. */
let admin: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildWorkspace(t, { username: "root_admin" });
}, 60_000);
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: number }>(t, query))[0]?.n ?? 0);

type AuditEntry = {
  action: string;
  targetId: string;
  actorId: string;
  ip: string;
  details: Record<string, unknown>;
};
async function auditFor(action: string, targetId: string): Promise<AuditEntry | undefined> {
  const log = await admin.get(`/api/admin/audit-log?action=${action}&limit=100`);
  return (log.json().entries as AuditEntry[]).find((e) => e.targetId === targetId);
}

describe("POST /api/admin/users/:id/delete", () => {
  it("deletes a person alone in their workspace with everything in it; their sessions end at once", async () => {
    const person = await buildWorkspace(t, { username: "leaving_soon", email: "leaving@example.com" });
    const workspaceId = person.user.workspace.id;
    await buildCall(person);
    await buildCall(person, { phoneNumber: "+15551239999" });
    const created = await person.post("/api/contacts", { name: "A lead", phoneNumber: "+15551234567" });
    expect(created.statusCode).toBe(201);
    // A second browser of theirs, its session read once so it sits in the session cache.
    const second = t.client();
    await second.post("/api/auth/login", { login: "leaving_soon", password: "correct horse battery" });
    expect((await second.get("/api/user")).statusCode).toBe(200);

    // Files of theirs under DATA_DIR (an outbox message, a voice sample, a voicemail), and another workspace's.
    const theirs = path.join(t.config.dataDir, "outbox", workspaceId);
    const sample = path.join(t.config.dataDir, "voice-samples", workspaceId);
    const voicemail = path.join(t.config.dataDir, "voicemails", workspaceId);
    const others = path.join(t.config.dataDir, "outbox", admin.user.workspace.id);
    for (const folder of [theirs, sample, voicemail, others]) {
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, "kept.txt"), "data");
    }

    const res = await admin.post(`/api/admin/users/${person.user.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "leaving_soon deleted", sessionsEnded: 2 });
    expect(existsSync(theirs)).toBe(false);
    expect(existsSync(sample)).toBe(false);
    expect(existsSync(voicemail)).toBe(false);
    expect(existsSync(path.join(others, "kept.txt"))).toBe(true);
    expect(res.json().user).toBeUndefined();

    // Cached or not, both sessions are gone that second, and signing in again finds nobody.
    expect((await person.get("/api/user")).statusCode).toBe(401);
    expect((await second.get("/api/user")).statusCode).toBe(401);
    const again = await t.client().post("/api/auth/login", {
      login: "leaving_soon",
      password: "correct horse battery",
    });
    expect(again.statusCode).toBe(401);

    expect(await count(sql`select count(*)::int as n from users where id = ${person.user.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from workspaces where id = ${workspaceId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from calls where workspace_id = ${workspaceId}`)).toBe(
      0,
    );
    expect(
      await count(sql`select count(*)::int as n from contacts where workspace_id = ${workspaceId}`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from subscriptions where workspace_id = ${workspaceId}`),
    ).toBe(0);
    expect((await admin.get("/api/admin/users?search=leaving_soon")).json().total).toBe(0);

    const entry = await auditFor("user.deleted", person.user.id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      details: {
        username: "leaving_soon",
        email: "leaving@example.com",
        sessionsEnded: 2,
        workspacesDeleted: 1,
        workspacesHandedOver: [],
        membershipsLeft: 0,
        callsDeleted: 2,
      },
    });
    expect(entry?.ip).toBeTruthy();

    // Gone is gone: a second deletion finds nobody.
    expect((await admin.post(`/api/admin/users/${person.user.id}/delete`)).statusCode).toBe(404);
  });

  it("takes a member out of someone else's workspace, which stays with its owner and data", async () => {
    const owner = await buildWorkspace(t, { username: "team_owner" });
    await buildCall(owner);
    const member = await buildMember(t, owner, "agent");

    const res = await admin.post(`/api/admin/users/${member.user.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect((await member.get("/api/user")).statusCode).toBe(401);

    const team = await owner.get("/api/workspace/members");
    expect(team.statusCode).toBe(200);
    expect(team.json().members.map((m: { userId: string }) => m.userId)).toEqual([owner.user.id]);
    expect((await owner.get("/api/calls")).statusCode).toBe(200);
    expect(
      await count(sql`select count(*)::int as n from calls where workspace_id = ${owner.user.workspace.id}`),
    ).toBe(1);
    expect((await auditFor("user.deleted", member.user.id))?.details).toMatchObject({
      workspacesDeleted: 0,
      membershipsLeft: 1,
      callsDeleted: 0,
    });
  });

  it("hands a team's workspace to its longest-standing admin when its owner is deleted", async () => {
    const owner = await buildWorkspace(t, { username: "owner_to_delete" });
    const workspaceId = owner.user.workspace.id;
    await buildCall(owner);
    const agent = await buildMember(t, owner, "agent");
    const deputy = await buildMember(t, owner, "admin");

    const res = await admin.post(`/api/admin/users/${owner.user.id}/delete`);
    expect(res.statusCode).toBe(200);

    // The deputy's session reads the workspace afresh: they own it now, with its calls.
    const me = await deputy.get("/api/user");
    expect(me.json().workspace).toMatchObject({ id: workspaceId, role: "owner" });
    const team = await deputy.get("/api/workspace/members");
    expect(team.json().members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [deputy.user.id, "owner"],
      [agent.user.id, "agent"],
    ]);
    expect(await count(sql`select count(*)::int as n from calls where workspace_id = ${workspaceId}`)).toBe(
      1,
    );
    expect((await agent.get("/api/user")).statusCode).toBe(200);
    expect((await auditFor("user.deleted", owner.user.id))?.details).toMatchObject({
      workspacesDeleted: 0,
      workspacesHandedOver: [{ workspaceId, toUserId: deputy.user.id }],
      callsDeleted: 0,
    });
  });

  it("refuses to delete yourself; unknown people are 404, a bad id or action 400", async () => {
    const self = await admin.post(`/api/admin/users/${admin.user.id}/delete`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(CANNOT_ACT_ON_YOURSELF);
    expect((await admin.get("/api/user")).statusCode).toBe(200);

    const unknown = await admin.post("/api/admin/users/00000000-0000-4000-8000-000000000000/delete");
    expect(unknown.statusCode).toBe(404);
    const badId = await admin.post("/api/admin/users/not-a-uuid/delete");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain("Unknown user");
    const badAction = await admin.post(`/api/admin/users/${admin.user.id}/erase`);
    expect(badAction.statusCode).toBe(400);

    // Deletion is not among the bulk actions.
    const bulk = await admin.post("/api/admin/users/bulk", { action: "delete", userIds: [admin.user.id] });
    expect(bulk.statusCode).toBe(400);
  });

  it("refuses a non-administrator with 403 and changes nothing", async () => {
    const customer = await buildWorkspace(t);
    const res = await customer.post(`/api/admin/users/${admin.user.id}/delete`);
    expect(res.statusCode).toBe(403);
    expect(await count(sql`select count(*)::int as n from users where id = ${admin.user.id}`)).toBe(1);
  });
});

/** Adds a person through the API and signs them in through their link, setting a password. */
async function addAndSignIn(fields: { username: string; email: string; role?: "user" | "admin" }) {
  const added = await admin.post("/api/admin/users", fields);
  expect(added.statusCode).toBe(201);
  const token = new URL(added.json().signInLink).searchParams.get("token") ?? "";
  const client = t.client();
  const used = await client.post("/api/sign-in-links", { token, password: "a password of theirs" });
  expect(used.statusCode).toBe(200);
  return { client, id: added.json().user.id as string };
}

describe("Add User and the one-time sign-in link", () => {
  let client: TestClient;
  let token: string;
  let newId: string;

  it("creates the account the sign-up's way and answers a link that expires in 24 hours", async () => {
    const res = await admin.post("/api/admin/users", {
      username: "handed_over",
      email: "Handed.Over@Example.com",
      fullName: "Handed Over",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      username: "handed_over",
      email: "handed.over@example.com",
      fullName: "Handed Over",
      planType: "personal",
      role: "user",
      status: "inactive",
      totalCalls: 0,
      lastLogin: null,
    });
    newId = body.user.id;
    const link = new URL(body.signInLink);
    expect(link.pathname).toBe("/api/sign-in-links");
    token = link.searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThanOrEqual(40);
    const hours = (new Date(body.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // Only the token's hash is stored.
    const stored = await rows<{ token_hash: string }>(
      t,
      sql`select token_hash from admin_sign_in_links where user_id = ${newId}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    // The sign-up's path: their own workspace on the personal plan's trial.
    expect(
      await count(
        sql`select count(*)::int as n from memberships where user_id = ${newId} and role = 'owner'`,
      ),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from subscriptions s join memberships m on m.workspace_id = s.workspace_id
        where m.user_id = ${newId} and s.plan_type = 'personal' and s.status = 'trialing'`),
    ).toBe(1);
    expect((await auditFor("user.created", newId))?.details).toMatchObject({
      username: "handed_over",
      email: "handed.over@example.com",
      role: "user",
    });
  });

  it("refuses taken names and emails and bad fields with readable 4xx", async () => {
    const taken = await admin.post("/api/admin/users", {
      username: "HANDED_OVER",
      email: "new1@example.com",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain("username is taken");
    const email = await admin.post("/api/admin/users", {
      username: "someone_new",
      email: "handed.over@example.com",
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe("That email already has an account.");
    const badEmail = await admin.post("/api/admin/users", { username: "someone_new", email: "nope" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain("Enter a valid email address");
    const badName = await admin.post("/api/admin/users", { username: "a b", email: "ab@example.com" });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toContain("Username must be 3 to 32 characters");
    const badRole = await admin.post("/api/admin/users", {
      username: "someone_new",
      email: "ab@example.com",
      role: "owner",
    });
    expect(badRole.statusCode).toBe(400);
    const customer = await buildWorkspace(t);
    expect(
      (await customer.post("/api/admin/users", { username: "x_y_z", email: "xyz@example.com" })).statusCode,
    ).toBe(403);
  });

  it("opens a page that asks for a password without spending the link", async () => {
    client = t.client();
    const page = await client.get(`/api/sign-in-links?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("Welcome, handed_over");
    expect(page.body).toContain('type="password"');
    expect((await client.get(`/api/sign-in-links?token=${token}`)).statusCode).toBe(200);
    expect(client.cookies.size).toBe(0);
  });

  it("signs the person in once, with the password they chose; a second use is refused with 410", async () => {
    const used = await client.post("/api/sign-in-links", { token, password: "my own password" });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ redirectTo: "/", passwordSet: true });
    const me = await client.get("/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: newId, username: "handed_over", workspace: { role: "owner" } });

    const second = await t.client().post("/api/sign-in-links", { token, password: "another password" });
    expect(second.statusCode).toBe(410);
    expect(second.json().message).toBe(SIGN_IN_LINK_USED);
    const page = await t.client().get(`/api/sign-in-links?token=${token}`);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(SIGN_IN_LINK_USED);

    // The chosen password works at the ordinary sign-in.
    const login = await t
      .client()
      .post("/api/auth/login", { login: "handed_over", password: "my own password" });
    expect(login.statusCode).toBe(200);
    expect((await auditFor("sign_in.link_used", newId))?.details).toEqual({ passwordSet: true });
  });

  it("answers a form post with a redirect to the dashboard and the session cookie", async () => {
    const added = await admin.post("/api/admin/users", {
      username: "form_person",
      email: "form@example.com",
    });
    const formToken = new URL(added.json().signInLink).searchParams.get("token") ?? "";
    const browser = t.client();
    const res = await browser.post(
      "/api/sign-in-links",
      `token=${encodeURIComponent(formToken)}&password=${encodeURIComponent("from the form!")}`,
      { headers: { "content-type": "application/x-www-form-urlencoded" } },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/");
    expect((await browser.get("/api/user")).json().username).toBe("form_person");
    // A second form post shows the reason on a page.
    const again = await t
      .client()
      .post(
        "/api/sign-in-links",
        `token=${encodeURIComponent(formToken)}&password=${encodeURIComponent("from the form!")}`,
        { headers: { "content-type": "application/x-www-form-urlencoded" } },
      );
    expect(again.statusCode).toBe(410);
    expect(again.headers["content-type"]).toContain("text/html");
    expect(again.body).toContain(SIGN_IN_LINK_USED);
  });

  it("refuses unknown, expired and too-short input; a suspended person's link is refused and kept", async () => {
    const unknown = await t.client().post("/api/sign-in-links", { token: "x".repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SIGN_IN_LINK_UNKNOWN);
    expect((await t.client().get("/api/sign-in-links")).statusCode).toBe(400);
    const short = await t.client().post("/api/sign-in-links", { token: "x".repeat(43), password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("at least 8 characters");

    const added = await admin.post("/api/admin/users", {
      username: "late_person",
      email: "late@example.com",
    });
    const lateToken = new URL(added.json().signInLink).searchParams.get("token") ?? "";
    const lateId = added.json().user.id;
    await t.database.db.execute(
      sql`update admin_sign_in_links set expires_at = now() - interval '1 minute' where user_id = ${lateId}`,
    );
    const expired = await t
      .client()
      .post("/api/sign-in-links", { token: lateToken, password: "a long password" });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(SIGN_IN_LINK_EXPIRED);

    const held = await admin.post("/api/admin/users", { username: "held_person", email: "held@example.com" });
    const heldToken = new URL(held.json().signInLink).searchParams.get("token") ?? "";
    await admin.post(`/api/admin/users/${held.json().user.id}/suspend`);
    const refused = await t
      .client()
      .post("/api/sign-in-links", { token: heldToken, password: "a long password" });
    expect(refused.statusCode).toBe(403);
    await admin.post(`/api/admin/users/${held.json().user.id}/activate`);
    const later = await t
      .client()
      .post("/api/sign-in-links", { token: heldToken, password: "a long password" });
    expect(later.statusCode).toBe(200);
  });

  it("adds an administrator when asked, who can use the console at once", async () => {
    const { client: added, id } = await addAndSignIn({
      username: "added_admin",
      email: "added_admin@example.com",
      role: "admin",
    });
    expect((await added.get("/api/admin/stats")).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/users?search=added_admin`)).json().users[0]).toMatchObject({
      id,
      role: "admin",
    });
  });
});

describe("two administrators deleting each other at once", () => {
  it("refuses to delete the last administrator inside the deletion (409), even when the first check passed", async () => {
    // Two active administrators, root and X, each deleting the other at once. Last in this
    // file: root may be the one deleted.
    const x = await addAndSignIn({ username: "x_admin", email: "x_admin@example.com", role: "admin" });
    // Leave exactly two active administrators: root and x (others were deleted above or are suspended).
    const others = await rows<{ id: string }>(
      t,
      sql`select id from users where role = 'admin' and id <> ${admin.user.id} and id <> ${x.id}`,
    );
    for (const { id } of others) await admin.post(`/api/admin/users/${id}/suspend`);

    const [byX, byRoot] = await Promise.all([
      x.client.post(`/api/admin/users/${admin.user.id}/delete`),
      admin.post(`/api/admin/users/${x.id}/delete`),
    ]);
    const answers = [byX, byRoot];
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.find((r) => r.statusCode !== 200);
    // The loser was checked after the winner's deletion: the last administrator (409), or its
    // own account was the one deleted (401: its session ended with it).
    expect([401, 409]).toContain(refused?.statusCode);
    if (refused?.statusCode === 409) expect(refused.json().message).toBe(LAST_ADMIN);
    const active = await count(
      sql`select count(*)::int as n from users u where role = 'admin' and not exists (select 1 from user_suspensions s where s.user_id = u.id)`,
    );
    expect(active).toBe(1);
  });
});
