import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { industryLabel } from "../../../common/auth";
import { CHECKLIST_NOT_DONE, type OnboardingOut } from "../../../common/onboarding";
import { SIGNUP_PLAN_DETAILS, SIGNUP_TRIAL_DAYS } from "../../../common/plans";
import type { TestClient } from "../../test/app";
import { buildMember, buildWorkspace } from "../../test/factories";
import { connectTwilio, telephonyTestApp } from "../../test/telephony";

let env: Awaited<ReturnType<typeof telephonyTestApp>>;
beforeAll(async () => {
  env = await telephonyTestApp();
});
afterAll(() => env.close());

async function checklist(c: TestClient): Promise<OnboardingOut> {
  const res = await c.get("/api/onboarding");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ticked = (list: OnboardingOut) =>
  Object.fromEntries(list.steps.map((step) => [step.id, step.done])) as Record<string, boolean>;

const NOTHING = { phone: false, agent: false, contacts: false, campaign: false, team: false };

async function startCampaign(c: TestClient) {
  const created = await c.post("/api/autodialer/campaigns", { name: "First campaign" });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id ?? created.json().campaign?.id;
  const leads = await c.post(`/api/autodialer/campaigns/${id}/leads`, { text: "+12015550123, Pat, Doe" });
  expect(leads.statusCode, leads.body).toBeLessThan(300);
  return id as string;
}

describe("the setup checklist", () => {
  it("starts with nothing ticked for a new workspace", async () => {
    const owner = await buildWorkspace(env.t);
    const list = await checklist(owner);
    expect(ticked(list)).toEqual(NOTHING);
    expect(list).toMatchObject({
      completed: 0,
      total: 5,
      done: false,
      canDismiss: false,
      dismissed: false,
      simulatorChosen: false,
    });
    expect(list.steps.map((step) => step.id)).toEqual(["phone", "agent", "contacts", "campaign", "team"]);
  });

  it("ticks each step from what the workspace did, and only that", async () => {
    const owner = await buildWorkspace(env.t);

    // A connected Twilio account with its number.
    await connectTwilio(owner);
    let list = await checklist(owner);
    expect(ticked(list)).toEqual({ ...NOTHING, phone: true });
    expect(list.steps[0]?.detail).toBe("Twilio number +14155550100");

    // An AI agent.
    const agent = await owner.post("/api/ai-agents", { name: "Riley" });
    expect(agent.statusCode, agent.body).toBe(201);
    list = await checklist(owner);
    expect(ticked(list)).toMatchObject({ agent: true, contacts: false });
    expect(list.steps[1]?.detail).toBe("1 AI agent");

    // Contacts, from an import.
    const imported = await owner.post("/api/contacts/import", {
      csvData: "Name,Phone\nAda One,+12015550101\nBen Two,+12015550102\n",
    });
    expect(imported.statusCode, imported.body).toBe(200);
    list = await checklist(owner);
    expect(ticked(list)).toMatchObject({ contacts: true, campaign: false });
    expect(list.steps[2]?.detail).toBe("2 contacts");

    // A campaign created is not yet launched; started, it is.
    const id = await startCampaign(owner);
    list = await checklist(owner);
    expect(ticked(list).campaign).toBe(false);
    expect(list.steps[3]?.detail).toContain("start it");
    const started = await owner.post(`/api/autodialer/campaigns/${id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    // Paused again, it was still launched once.
    await owner.post(`/api/autodialer/campaigns/${id}/pause`);
    list = await checklist(owner);
    expect(ticked(list).campaign).toBe(true);

    // An invitation waiting counts as inviting a teammate.
    const invited = await owner.post("/api/workspace/invitations", {
      email: "pat@example.com",
      role: "agent",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    list = await checklist(owner);
    expect(ticked(list).team).toBe(true);
    expect(list.steps[4]?.detail).toBe("1 invitation pending");
    expect(list).toMatchObject({ completed: 5, done: true, canDismiss: true, dismissed: false });
  });

  it("counts a script made from a template as the agent, and a teammate who joined", async () => {
    const owner = await buildWorkspace(env.t);
    const templates = (await owner.get("/api/script-templates")).json() as { id: string }[];
    const made = await owner.post(`/api/ai-scripts/from-template/${templates[0]?.id}`, {});
    expect(made.statusCode, made.body).toBe(201);
    await buildMember(env.t, owner, "agent");
    const list = await checklist(owner);
    expect(ticked(list)).toMatchObject({ agent: true, team: true });
    expect(list.steps[1]?.detail).toBe("1 script from a template");
    expect(list.steps[4]?.detail).toBe("1 teammate");
  });

  it("undoes a step when its work is undone: an invitation revoked, a contact deleted", async () => {
    const owner = await buildWorkspace(env.t);
    const invited = await owner.post("/api/workspace/invitations", {
      email: "sam@example.com",
      role: "agent",
    });
    const contact = await owner.post("/api/contacts", { name: "Solo", phoneNumber: "+12015550109" });
    expect(contact.statusCode, contact.body).toBe(201);
    expect(ticked(await checklist(owner))).toMatchObject({ team: true, contacts: true });
    await owner.delete(`/api/workspace/invitations/${invited.json().invitation?.id ?? invited.json().id}`);
    await owner.delete(`/api/contacts/${contact.json().id}`);
    expect(ticked(await checklist(owner))).toMatchObject({ team: false, contacts: false });
  });

  it("never counts another workspace's numbers, agents, contacts, campaigns or team", async () => {
    const busy = await buildWorkspace(env.t);
    await connectTwilio(busy, "+14155550111");
    await busy.put("/api/onboarding/simulator", { useSimulator: true });
    await busy.post("/api/ai-agents", { name: "Other" });
    await busy.post("/api/contacts", { name: "Other", phoneNumber: "+12015550110" });
    const id = await startCampaign(busy);
    await busy.post(`/api/autodialer/campaigns/${id}/start`);
    await busy.post("/api/workspace/invitations", { email: "other@example.com", role: "agent" });
    expect((await checklist(busy)).completed).toBe(5);

    const fresh = await buildWorkspace(env.t);
    const list = await checklist(fresh);
    expect(ticked(list)).toEqual(NOTHING);
    expect(list.simulatorChosen).toBe(false);
  });

  it("ticks the phone step when the team chooses the simulator, and unticks it when they stop", async () => {
    const owner = await buildWorkspace(env.t);
    const chosen = await owner.put("/api/onboarding/simulator", { useSimulator: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ simulatorChosen: true });
    expect(chosen.json().steps[0]).toMatchObject({ id: "phone", done: true });
    expect(chosen.json().steps[0].detail).toMatch(/^Using the built-in simulator \(\+1\d{10}\)$/);
    const stopped = await owner.put("/api/onboarding/simulator", { useSimulator: false });
    expect(stopped.json()).toMatchObject({ simulatorChosen: false });
    expect(stopped.json().steps[0].done).toBe(false);
  });

  it("answers bad input with 400 and a message", async () => {
    const owner = await buildWorkspace(env.t);
    for (const body of [{}, { useSimulator: "yes" }, { useSimulator: true, extra: 1 }]) {
      const res = await owner.put("/api/onboarding/simulator", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    const junk = await owner.post("/api/onboarding/dismiss", { now: true });
    expect(junk.statusCode).toBe(400);
  });
});

describe("putting the checklist away", () => {
  it("refuses before the steps are done, then keeps it away for the workspace", async () => {
    const owner = await buildWorkspace(env.t);
    const early = await owner.post("/api/onboarding/dismiss");
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CHECKLIST_NOT_DONE);

    await owner.put("/api/onboarding/simulator", { useSimulator: true });
    await owner.post("/api/ai-agents", { name: "Riley" });
    await owner.post("/api/contacts", { name: "Ada", phoneNumber: "+12015550111" });
    const id = await startCampaign(owner);
    await owner.post(`/api/autodialer/campaigns/${id}/start`);
    const admin = await buildMember(env.t, owner, "admin");

    // Only the owner puts it away; an admin sees the same list.
    const refused = await admin.post("/api/onboarding/dismiss");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("owner");
    const dismissed = await owner.post("/api/onboarding/dismiss");
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ done: true, dismissed: true });
    expect((await checklist(admin)).dismissed).toBe(true);
    expect((await checklist(owner)).dismissed).toBe(true);
  });

  it("lets a one-person plan put it away without a teammate, which that plan cannot have", async () => {
    const owner = await buildWorkspace(env.t, { planType: "personal" });
    await owner.put("/api/onboarding/simulator", { useSimulator: true });
    await owner.post("/api/ai-agents", { name: "Riley" });
    await owner.post("/api/contacts", { name: "Ada", phoneNumber: "+12015550112" });
    const id = await startCampaign(owner);
    await owner.post(`/api/autodialer/campaigns/${id}/start`);
    const list = await checklist(owner);
    expect(list).toMatchObject({ completed: 4, done: false, canDismiss: true });
    expect(list.steps[4]).toMatchObject({ id: "team", done: false });
    expect(list.steps[4]?.detail).toContain("upgrade");
    expect((await owner.post("/api/onboarding/dismiss")).statusCode).toBe(200);
  });
});

describe("who may use it", () => {
  it("shows the list to admins and the owner, not to agents; the simulator is an admin's choice", async () => {
    const owner = await buildWorkspace(env.t);
    const agent = await buildMember(env.t, owner, "agent");
    const admin = await buildMember(env.t, owner, "admin");
    expect((await agent.get("/api/onboarding")).statusCode).toBe(403);
    const refused = await agent.put("/api/onboarding/simulator", { useSimulator: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("admin");
    expect((await agent.post("/api/onboarding/dismiss")).statusCode).toBe(403);
    expect((await admin.put("/api/onboarding/simulator", { useSimulator: true })).statusCode).toBe(200);
    expect((await checklist(owner)).simulatorChosen).toBe(true);
  });

  it("needs a session", async () => {
    const anonymous = env.t.client();
    expect((await anonymous.get("/api/onboarding")).statusCode).toBe(401);
    expect((await anonymous.put("/api/onboarding/simulator", { useSimulator: true })).statusCode).toBe(401);
    expect((await anonymous.post("/api/onboarding/dismiss")).statusCode).toBe(401);
  });
});

describe("the sign-up's trial, as the sign-up page tells it", () => {
  it("gives every paid sign-up plan a trial of SIGNUP_TRIAL_DAYS days with no card or subscription behind it", async () => {
    for (const planType of ["personal", "business"] as const) {
      const owner = await buildWorkspace(env.t, { planType });
      const { subscription } = (await owner.get("/api/subscription")).json();
      expect(subscription).toMatchObject({
        planType,
        status: "trialing",
        provider: null,
        cancelAtPeriodEnd: false,
      });
      const days = (Date.parse(subscription.currentPeriodEnd) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(SIGNUP_TRIAL_DAYS - 0.01);
      expect(days).toBeLessThanOrEqual(SIGNUP_TRIAL_DAYS);
      expect(SIGNUP_PLAN_DETAILS[planType].priceCents).toBeGreaterThan(0);
    }
  });

  it("accepts the call-centre industry at sign-up", async () => {
    const owner = await buildWorkspace(env.t, {
      planType: "business",
      businessInfo: { companyName: "Dial Ltd", industry: "call_centre" },
    });
    expect((await owner.get("/api/user")).json()).toMatchObject({ industry: "call_centre" });
    expect(industryLabel("call_centre")).toBe("Call centre / telemarketing");
  });
});
