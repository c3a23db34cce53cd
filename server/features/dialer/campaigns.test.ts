import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Campaign, DIALER_MESSAGES } from "../../../common/dialer";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

async function createCampaign(c: TestClient, fields: Record<string, unknown> = {}): Promise<Campaign> {
  const res = await c.post("/api/autodialer/campaigns", { name: "Spring renewals", ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Campaign;
}

describe("campaigns", () => {
  it("creates a campaign with the spec's defaults (predictive, 15 lines, ratio 2.5, paused) and lists it", async () => {
    const c = await buildWorkspace(t);
    const created = await createCampaign(c, { description: "Plans ending in May" });
    expect(created).toMatchObject({
      name: "Spring renewals",
      description: "Plans ending in May",
      dialingMode: "predictive",
      maxLines: 15,
      dialRatio: 2.5,
      status: "paused",
      totalLeads: 0,
      maxAttempts: 3,
      retryMinutes: 60,
      callingHoursStart: "08:00",
      callingHoursEnd: "21:00",
      abandonTargetPercent: 2,
      droppedToProgressive: false,
      // The business plan dials 10 lines at once (common/plans.ts): the campaign may use 10 of its 15.
      planLineLimit: 10,
    });
    const list = await c.get("/api/autodialer/campaigns");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([created]);
    expect((await c.get(`/api/autodialer/campaigns/${created.id}`)).json()).toEqual(created);
  });

  it.each([
    ["a blank name", { name: "   " }, "Please enter a campaign name"],
    ["a missing name", { name: undefined }, "Please enter a campaign name"],
    [
      "an unknown mode",
      { dialingMode: "turbo" },
      "Dialing mode must be predictive, progressive, preview or manual",
    ],
    ["no lines", { maxLines: 0 }, "Max lines must be a whole number from 1 to 1000"],
    ["a ratio off the 0.1 step", { dialRatio: 2.55 }, "Dial ratio must be from 1 to 10 in steps of 0.1"],
    [
      "hours before 08:00",
      { callingHoursStart: "07:30" },
      "Calling hours must be between 08:00 and 21:00 (the callee's time)",
    ],
    [
      "hours ending before they start",
      { callingHoursStart: "15:00", callingHoursEnd: "10:00" },
      "The calling hours must end after they start",
    ],
    ["a time that is not one", { callingHoursEnd: "9pm" }, "Calling hours must be times like 09:00"],
    [
      "a target over the 3% ceiling",
      { abandonTargetPercent: 4 },
      "The abandonment target must be from 0.1% to 3%",
    ],
  ])("refuses %s with a message a person can act on", async (_, fields, message) => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/autodialer/campaigns", { name: "Renewals", ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await c.get("/api/autodialer/campaigns")).json()).toEqual([]);
  });

  it("changes settings, keeping what was not sent, and stores the call-back number in E.164", async () => {
    const c = await buildWorkspace(t);
    const created = await createCampaign(c, { voicemailMessage: "Sorry we missed you" });
    const res = await c.patch(`/api/autodialer/campaigns/${created.id}`, {
      dialingMode: "progressive",
      dialRatio: 1.7,
      callbackNumber: "(555) 123-0100",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Spring renewals",
      dialingMode: "progressive",
      dialRatio: 1.7,
      voicemailMessage: "Sorry we missed you",
      callbackNumber: "+15551230100",
    });
    const bad = await c.patch(`/api/autodialer/campaigns/${created.id}`, { callingHoursEnd: "08:00" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The calling hours must end after they start");
  });

  it("refuses an AI agent that is not the workspace's", async () => {
    const c = await buildWorkspace(t);
    const res = await c.post("/api/autodialer/campaigns", {
      name: "AI outreach",
      aiAgents: [{ agentId: "00000000-0000-4000-8000-000000000000", concurrentCalls: 2 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("That AI agent is not one of this workspace's agents");
  });

  it("lets agents read campaigns but only admins change them", async () => {
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner);
    const agent = await buildMember(t, owner, "agent");
    expect((await agent.get("/api/autodialer/campaigns")).json()).toHaveLength(1);
    const refused = await agent.post("/api/autodialer/campaigns", { name: "Mine" });
    expect(refused.statusCode).toBe(403);
    expect((await agent.post(`/api/autodialer/campaigns/${campaign.id}/start`)).statusCode).toBe(403);
    const admin = await buildMember(t, owner, "admin");
    expect((await admin.post("/api/autodialer/campaigns", { name: "Admin's" })).statusCode).toBe(201);
  });

  it("answers 404 for another workspace's campaign on every route", async () => {
    const owner = await buildWorkspace(t);
    const intruder = await buildWorkspace(t);
    const campaign = await createCampaign(owner);
    const paths = [
      ["GET", ""],
      ["PATCH", ""],
      ["GET", "/stats"],
      ["GET", "/leads"],
      ["POST", "/leads"],
      ["POST", "/import-leads"],
      ["POST", "/start"],
      ["POST", "/pause"],
      ["GET", "/do-not-call"],
      ["POST", "/do-not-call"],
      ["DELETE", ""],
    ] as const;
    const bodies: Record<string, unknown> = {
      "PATCH ": { name: "Mine now" },
      "POST /leads": { text: "+15551230001, Pat" },
      "POST /import-leads": {},
      "POST /do-not-call": { phoneNumber: "+15551230002" },
    };
    for (const [method, suffix] of paths) {
      const res = await intruder.request(method, `/api/autodialer/campaigns/${campaign.id}${suffix}`, {
        payload: (bodies[`${method} ${suffix}`] ?? undefined) as object | undefined,
      });
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
      expect(res.json().message).toBe("That campaign was not found");
    }
    expect((await owner.get(`/api/autodialer/campaigns/${campaign.id}`)).json().name).toBe("Spring renewals");
  });

  it("deletes a campaign with its leads", async () => {
    const c = await buildWorkspace(t);
    const campaign = await createCampaign(c);
    await c.post(`/api/autodialer/campaigns/${campaign.id}/leads`, { text: "+15551230003, Pat" });
    expect((await c.delete(`/api/autodialer/campaigns/${campaign.id}`)).statusCode).toBe(204);
    expect((await c.get(`/api/autodialer/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });
});

describe("start and pause", () => {
  it("refuses to start a campaign with no leads", async () => {
    const c = await buildWorkspace(t);
    const campaign = await createCampaign(c);
    const res = await c.post(`/api/autodialer/campaigns/${campaign.id}/start`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Add leads to this campaign before starting it");
  });

  it("starts (active) and pauses (paused) with the spec's messages", async () => {
    const c = await buildWorkspace(t);
    const campaign = await createCampaign(c);
    await c.post(`/api/autodialer/campaigns/${campaign.id}/leads`, { text: "+15551230004, Pat, Doe" });
    const started = await c.post(`/api/autodialer/campaigns/${campaign.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().message).toBe(DIALER_MESSAGES.started);
    expect(started.json().campaign.status).toBe("active");
    expect(started.json().campaign.startedAt).not.toBeNull();
    const paused = await c.post(`/api/autodialer/campaigns/${campaign.id}/pause`);
    expect(paused.json()).toMatchObject({ message: DIALER_MESSAGES.paused, campaign: { status: "paused" } });
  });

  it("a campaign with a start time ahead is scheduled until then", async () => {
    const c = await buildWorkspace(t);
    const campaign = await createCampaign(c, { scheduledStartAt: "2031-03-04T14:00:00.000Z" });
    await c.post(`/api/autodialer/campaigns/${campaign.id}/leads`, { text: "+15551230005" });
    const started = await c.post(`/api/autodialer/campaigns/${campaign.id}/start`);
    expect(started.json().campaign).toMatchObject({
      status: "scheduled",
      scheduledStartAt: "2031-03-04T14:00:00.000Z",
    });
  });

  it("an AI-staffed campaign starts only with leads that consented to AI-voice calls", async () => {
    const c = await buildWorkspace(t);
    const agent = await c.post("/api/ai-agents", { name: "Outreach bot" });
    expect(agent.statusCode, agent.body).toBe(201);
    const campaign = await createCampaign(c, {
      aiAgents: [{ agentId: agent.json().id, concurrentCalls: 3 }],
    });
    expect(campaign.aiAgents).toEqual([{ agentId: agent.json().id, concurrentCalls: 3 }]);
    await c.post(`/api/autodialer/campaigns/${campaign.id}/leads`, { text: "+15551230006, No, Consent" });
    const refused = await c.post(`/api/autodialer/campaigns/${campaign.id}/start`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This campaign is staffed by AI agents, and none of its leads has consent for AI-voice calls",
    );
    const added = await c.post(`/api/autodialer/campaigns/${campaign.id}/leads`, {
      leads: [
        {
          phoneNumber: "+15551230007",
          firstName: "Yes",
          aiVoiceConsent: true,
          consentSource: "web form 2031-01-02",
        },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await c.post(`/api/autodialer/campaigns/${campaign.id}/start`)).json().campaign.status).toBe(
      "active",
    );
  });
});
