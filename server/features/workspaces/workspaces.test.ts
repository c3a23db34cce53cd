import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALREADY_INVITED,
  ALREADY_MEMBER,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_OTHER_EMAIL,
  INVITATION_REVOKED,
  INVITATION_USED,
  MEMBER_ALREADY,
} from "../../../common/workspaces";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildCall, buildMember, buildWorkspace, TEAM_SIGNUP } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = "correct horse battery";
const uniqueEmail = () => `invitee_${Math.random().toString(36).slice(2, 10)}@example.com`;

async function invite(owner: TestClient, email = uniqueEmail(), role: "agent" | "admin" = "agent") {
  const res = await owner.post("/api/workspace/invitations", { email, role });
  const body = res.json();
  return {
    res,
    email,
    id: body.invitation?.id as string,
    token: String(body.url ?? "").split("/invite/")[1] ?? "",
  };
}

async function signIn(login: string): Promise<TestClient> {
  const client = t.client();
  const res = await client.post("/api/auth/login", { login, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return client;
}

describe("a personal user", () => {
  it("owns a workspace of one named after them, and notices nothing else", async () => {
    const c = await buildWorkspace(t, { planType: "personal", fullName: "Pat Solo" });
    expect(c.user.workspace).toEqual({ id: expect.any(String), name: "Pat Solo", role: "owner" });
    const list = (await c.get("/api/workspaces")).json();
    expect(list).toEqual({
      currentId: c.user.workspace.id,
      workspaces: [
        { id: c.user.workspace.id, name: "Pat Solo", role: "owner", planType: "personal", memberCount: 1 },
      ],
    });
    const team = (await c.get("/api/workspace/members")).json();
    expect(team.seats).toEqual({ used: 1, limit: 1 });
    expect(team.members).toHaveLength(1);
    expect(team.members[0]).toMatchObject({ username: c.user.username, role: "owner", isYou: true });
  });

  it("cannot invite past the personal plan's one seat: 402 naming the plans that allow more", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const { res } = await invite(c);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      "The Personal plan includes 1 person. Upgrade to Pro, Premium, Business or an Enterprise plan to add more.",
    );
  });

  it("names a business workspace after the company", async () => {
    const c = await buildWorkspace(t, TEAM_SIGNUP);
    expect(c.user.workspace.name).toBe("Team Test Ltd");
    expect(c.user.companyName).toBe("Team Test Ltd");
  });
});

describe("inviting a colleague", () => {
  it("gives a link shown once; the colleague signs up through it and joins as an agent, with no workspace of their own", async () => {
    const owner = await buildWorkspace(t);
    const { res, email, token } = await invite(owner);
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^http:\/\/app\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(res.json().invitation).toMatchObject({ email, role: "agent", status: "pending" });

    const preview = await t.client().get(`/api/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      workspaceName: "Team Test Ltd",
      invitedBy: owner.user.username,
      email,
      role: "agent",
      status: "pending",
      hasAccount: false,
    });

    const colleague = t.client();
    const joined = await colleague.signup({ email, invitationToken: token });
    expect(joined.workspace).toEqual({ id: owner.user.workspace.id, name: "Team Test Ltd", role: "agent" });
    // The agent works in the owner's workspace: same calls, same plan.
    await buildCall(owner, { callerName: "Shared caller" });
    const calls = (await colleague.get("/api/calls")).json();
    expect(calls.calls.map((call: { callerName: string }) => call.callerName)).toContain("Shared caller");
    expect((await colleague.get("/api/workspaces")).json().workspaces).toHaveLength(1);

    const team = (await owner.get("/api/workspace/members")).json();
    expect(team.members.map((m: { role: string }) => m.role)).toEqual(["owner", "agent"]);
    expect(team.invitations).toEqual([]);
    expect(team.seats).toEqual({ used: 2, limit: 10 });
  });

  it("lets someone with an account sign in, accept, and switch between their workspaces", async () => {
    const owner = await buildWorkspace(t);
    const other = await buildWorkspace(t, { planType: "personal", fullName: "Sam Other" });
    const { token } = await invite(owner, other.user.email, "admin");
    expect((await t.client().get(`/api/invitations/${token}`)).json().hasAccount).toBe(true);

    const accepted = await other.post(`/api/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().workspace).toMatchObject({
      id: owner.user.workspace.id,
      role: "admin",
      memberCount: 2,
    });
    expect((await other.get("/api/user")).json().workspace).toMatchObject({
      role: "admin",
      name: "Team Test Ltd",
    });

    const list = (await other.get("/api/workspaces")).json();
    expect(list.currentId).toBe(owner.user.workspace.id);
    expect(list.workspaces.map((w: { name: string }) => w.name)).toEqual(["Sam Other", "Team Test Ltd"]);

    // Back to their own: their own calls, not the team's.
    await buildCall(owner, { callerName: "Team caller" });
    const back = await other.post(`/api/workspaces/${other.user.workspace.id}/switch`);
    expect(back.statusCode).toBe(200);
    expect((await other.get("/api/user")).json().workspace).toMatchObject({
      role: "owner",
      name: "Sam Other",
    });
    const own = (await other.get("/api/calls"))
      .json()
      .calls.map((call: { callerName: string }) => call.callerName);
    expect(own).not.toContain("Team caller");

    // The next sign-in lands where they last switched to.
    const again = await signIn(other.user.username);
    expect((await again.get("/api/user")).json().workspace.name).toBe("Sam Other");
    await other.post(`/api/workspaces/${owner.user.workspace.id}/switch`);
    const third = await signIn(other.user.username);
    expect((await third.get("/api/user")).json().workspace.name).toBe("Team Test Ltd");
  });

  it("refuses an expired, reused, withdrawn or unknown link, and one for another email", async () => {
    const owner = await buildWorkspace(t);

    const reused = await invite(owner);
    await t.client().signup({ email: reused.email, invitationToken: reused.token });
    const second = await t.client().post("/api/auth/signup", {
      username: "second_try",
      email: reused.email.replace("@", "+2@"),
      password: PASSWORD,
      invitationToken: reused.token,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(INVITATION_USED);

    const expired = await invite(owner);
    await t.database.db.execute(
      sql`update invitations set expires_at = now() - interval '1 minute' where id = ${expired.id}`,
    );
    const late = await t.client().post("/api/auth/signup", {
      username: "late_comer",
      email: expired.email,
      password: PASSWORD,
      invitationToken: expired.token,
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(INVITATION_EXPIRED);
    expect((await t.client().get(`/api/invitations/${expired.token}`)).json().status).toBe("expired");

    const withdrawn = await invite(owner);
    expect((await owner.delete(`/api/workspace/invitations/${withdrawn.id}`)).statusCode).toBe(204);
    const refused = await t.client().post("/api/auth/signup", {
      username: "withdrawn_one",
      email: withdrawn.email,
      password: PASSWORD,
      invitationToken: withdrawn.token,
    });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe(INVITATION_REVOKED);

    const forSomeoneElse = await invite(owner);
    const stranger = await buildWorkspace(t, { planType: "personal" });
    const wrongEmail = await stranger.post(`/api/invitations/${forSomeoneElse.token}/accept`);
    expect(wrongEmail.statusCode).toBe(403);
    expect(wrongEmail.json().message).toBe(INVITATION_OTHER_EMAIL);
    const signupOther = await t.client().post("/api/auth/signup", {
      username: "other_email",
      email: uniqueEmail(),
      password: PASSWORD,
      invitationToken: forSomeoneElse.token,
    });
    expect(signupOther.statusCode).toBe(403);
    // Refused before anything was created: the username is still free.
    expect(
      (await t.client().post("/api/auth/login", { login: "other_email", password: PASSWORD })).statusCode,
    ).toBe(401);

    const unknown = await t.client().get(`/api/invitations/${"A".repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVITATION_NOT_FOUND);
    expect((await t.client().get("/api/invitations/not-a-token!")).statusCode).toBe(400);
  });

  it("keeps a full workspace full: invitations hold seats, and an accept past the seats is refused", async () => {
    // Pro has three seats: the owner and two invitations fill it.
    const owner = await buildWorkspace(t);
    await t.database.db.execute(
      sql`update workspaces set plan_type = 'pro' where id = ${owner.user.workspace.id}`,
    );
    // Written behind the app's back: the sessions it holds in memory read the plan afresh.
    t.app.services.access.changed({ workspaceId: owner.user.workspace.id });
    const first = await invite(owner);
    const second = await invite(owner);
    expect(first.res.statusCode).toBe(201);
    expect(second.res.statusCode).toBe(201);
    const third = await invite(owner);
    expect(third.res.statusCode).toBe(402);
    expect(third.res.json().message).toMatch(
      /^The Pro plan includes 3 people\. Upgrade to Premium, Business/,
    );
    expect((await owner.get("/api/workspace/members")).json().seats).toEqual({ used: 3, limit: 3 });

    // Withdrawing one frees its seat.
    await owner.delete(`/api/workspace/invitations/${second.id}`);
    expect((await invite(owner)).res.statusCode).toBe(201);

    // The plan shrinks under a pending invitation: accepting it is refused.
    await t.database.db.execute(
      sql`update workspaces set plan_type = 'basic' where id = ${owner.user.workspace.id}`,
    );
    // Written behind the app's back: the sessions it holds in memory read the plan afresh.
    t.app.services.access.changed({ workspaceId: owner.user.workspace.id });
    const full = await t.client().post("/api/auth/signup", {
      username: `late_${Math.random().toString(36).slice(2, 8)}`,
      email: first.email,
      password: PASSWORD,
      invitationToken: first.token,
    });
    expect(full.statusCode).toBe(402);
  });

  it("says so when the person is a member or already invited, and renews a lost link", async () => {
    const owner = await buildWorkspace(t);
    const member = await buildMember(t, owner);
    const again = await owner.post("/api/workspace/invitations", { email: member.user.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MEMBER_ALREADY);

    const pending = await invite(owner);
    const twice = await owner.post("/api/workspace/invitations", { email: pending.email.toUpperCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ALREADY_INVITED);

    const renewed = await owner.post(`/api/workspace/invitations/${pending.id}/renew`);
    expect(renewed.statusCode).toBe(200);
    const newToken = String(renewed.json().url).split("/invite/")[1];
    expect(newToken).not.toBe(pending.token);
    expect((await t.client().get(`/api/invitations/${pending.token}`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/invitations/${newToken}`)).statusCode).toBe(200);

    // A member accepting a second invitation to the same workspace.
    const memberAgain = await invite(owner, uniqueEmail());
    await t.database.db.execute(
      sql`update invitations set email = ${member.user.email} where id = ${memberAgain.id}`,
    );
    const dup = await member.post(`/api/invitations/${memberAgain.token}/accept`);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ALREADY_MEMBER);
  });
});

describe("managing the team", () => {
  it("changes a member's role, and the next request already has it", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner, "agent");
    expect((await agent.post("/api/ai-settings", { greetingMessage: "Hi" })).statusCode).toBe(403);
    const promoted = await owner.patch(`/api/workspace/members/${agent.user.id}`, { role: "admin" });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: "admin", isYou: false });
    expect((await agent.post("/api/ai-settings", { greetingMessage: "Hi" })).statusCode).toBe(200);
    expect((await agent.get("/api/user")).json().workspace.role).toBe("admin");

    const self = await owner.patch(`/api/workspace/members/${owner.user.id}`, { role: "agent" });
    expect(self.statusCode).toBe(400);
    expect((await owner.patch(`/api/workspace/members/${agent.user.id}`, { role: "owner" })).statusCode).toBe(
      400,
    );
  });

  it("removes a member: their sessions in the workspace end at once, and their own account lives on", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner);
    const secondBrowser = await signIn(agent.user.username);
    expect((await secondBrowser.get("/api/calls")).statusCode).toBe(200);

    expect((await owner.delete(`/api/workspace/members/${agent.user.id}`)).statusCode).toBe(204);
    expect((await agent.get("/api/calls")).statusCode).toBe(401);
    expect((await secondBrowser.get("/api/user")).statusCode).toBe(401);
    expect((await owner.get("/api/workspace/members")).json().members).toHaveLength(1);

    // Signing in again gives them a workspace of their own (on the free plan): they were only in the team's.
    const back = await signIn(agent.user.username);
    const me = (await back.get("/api/user")).json();
    expect(me.workspace.role).toBe("owner");
    expect(me.workspace.id).not.toBe(owner.user.workspace.id);
    expect(me.planType).toBe("free");
    expect((await back.get("/api/calls")).json().calls).toEqual([]);

    expect((await owner.delete(`/api/workspace/members/${owner.user.id}`)).statusCode).toBe(400);
  });

  it("lets a member leave, but not the owner", async () => {
    const owner = await buildWorkspace(t);
    const agent = await buildMember(t, owner);
    expect((await owner.post("/api/workspace/leave")).statusCode).toBe(400);
    expect((await agent.post("/api/workspace/leave")).statusCode).toBe(204);
    expect((await agent.get("/api/user")).statusCode).toBe(401);
    expect((await owner.get("/api/workspace/members")).json().members).toHaveLength(1);
  });

  it("transfers ownership: the new owner may change billing, the old one stays on as an admin", async () => {
    const owner = await buildWorkspace(t);
    const admin = await buildMember(t, owner, "admin");
    expect((await admin.post("/api/subscription/cancel", {})).statusCode).toBe(403);
    expect((await owner.post("/api/workspace/transfer", { userId: admin.user.id })).statusCode).toBe(204);
    expect((await admin.get("/api/user")).json().workspace.role).toBe("owner");
    expect((await owner.get("/api/user")).json().workspace.role).toBe("admin");
    expect((await owner.post("/api/workspace/transfer", { userId: admin.user.id })).statusCode).toBe(403);
    const roles = (await admin.get("/api/workspace/members"))
      .json()
      .members.map((m: { role: string }) => m.role);
    expect(roles).toEqual(["owner", "admin"]);
    // Transferring to someone outside the workspace finds nobody.
    const stranger = await buildWorkspace(t, { planType: "personal" });
    expect((await admin.post("/api/workspace/transfer", { userId: stranger.user.id })).statusCode).toBe(404);
  });

  it("lets an admin rename the workspace and an agent not", async () => {
    const owner = await buildWorkspace(t);
    const admin = await buildMember(t, owner, "admin");
    const agent = await buildMember(t, owner, "agent");
    const renamed = await admin.patch("/api/workspace", { name: "  Acme Support  " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      id: owner.user.workspace.id,
      name: "Acme Support",
      role: "admin",
      defaultCountry: "US",
    });
    expect((await agent.get("/api/user")).json().workspace.name).toBe("Acme Support");
    const refused = await agent.patch("/api/workspace", { name: "Mine now" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only a workspace admin or owner can do that.");
    expect((await admin.patch("/api/workspace", { name: "   " })).statusCode).toBe(400);
  });

  it("sets the default country phone numbers are read in (admin), refusing one it cannot read", async () => {
    const owner = await buildWorkspace(t);
    const admin = await buildMember(t, owner, "admin");
    const agent = await buildMember(t, owner, "agent");
    expect((await owner.get("/api/workspace/members")).json().workspace.defaultCountry).toBe("US");
    const set = await admin.patch("/api/workspace", { defaultCountry: " gb " });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ name: owner.user.workspace.name, defaultCountry: "GB" });
    expect((await agent.get("/api/workspace/members")).json().workspace.defaultCountry).toBe("GB");
    // The next request reads numbers in it: a UK number written nationally.
    const contact = await agent.post("/api/contacts", { name: "Pat", phoneNumber: "020 7946 0018" });
    expect(contact.json().phoneE164).toBe("+442079460018");

    for (const [body, message] of [
      [{ defaultCountry: "XX" }, "XX is not a country code phone numbers can be read for"],
      [{ defaultCountry: "GBR" }, "The default country must be a two-letter country code"],
      [{ defaultCountry: 44 }, "The default country must be a two-letter country code"],
      [{}, "Send a name or a default country to change"],
    ] as const) {
      const res = await admin.patch("/api/workspace", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await agent.patch("/api/workspace", { defaultCountry: "DE" })).statusCode).toBe(403);
    expect((await owner.get("/api/workspace/members")).json().workspace.defaultCountry).toBe("GB");
  });

  it("never lets a person switch into a workspace they do not belong to", async () => {
    const owner = await buildWorkspace(t);
    const stranger = await buildWorkspace(t, { planType: "personal" });
    const res = await stranger.post(`/api/workspaces/${owner.user.workspace.id}/switch`);
    expect(res.statusCode).toBe(404);
    expect((await stranger.get("/api/user")).json().workspace.id).toBe(stranger.user.workspace.id);
  });
});
