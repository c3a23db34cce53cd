import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CampaignStats, Lead } from "../../../common/dialer";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, rows } from "../../test/factories";
import { waitFor } from "../../test/jobs";
import {
  addLeads,
  attemptsOf,
  createCampaign,
  onlyOutcomes,
  runtimeFor,
  start,
} from "./runtime/test-support";

/**
 * A campaign's analytics count its leads by disposition, whoever settled it: a rep's wrap-up on
 * the console, or what an AI agent's call came to (the conversation engine's outcome, recorded on
 * the lead in the call's transaction). The AI's calls go out through the runtime and the carrier
 * simulator, whose callee talks through its script.
 */

/** Noon in New York on a June day: inside the calling hours of the New York leads. */
const clock = new Date("2026-06-10T16:00:00.000Z");
const now = () => clock;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ telephony: { simulatorTimeScale: 0.01 } }, { now });
}, 120_000);
afterAll(() => t.close());
// A tick looks at every active campaign in the database: each test starts with none.
afterEach(async () => {
  await t.database.db.execute(sql`update campaigns set status = 'paused' where status = 'active'`);
});

async function statsOf(c: TestClient, campaignId: string): Promise<CampaignStats> {
  const res = await c.get(`/api/autodialer/campaigns/${campaignId}/stats`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("a campaign's leads by disposition", () => {
  it("counts what an AI agent's calls came to, marked as the AI's", { timeout: 60_000 }, async () => {
    const owner = await buildWorkspace(t, { businessInfo: { companyName: "Acme Solar" } });
    const agent = (await owner.post("/api/ai-agents", { name: "Robin" })).json();
    await owner.post(`/api/ai-agents/${agent.id}/toggle`);
    const campaign = await createCampaign(owner, { aiAgents: [{ agentId: agent.id, concurrentCalls: 2 }] });
    await addLeads(owner, campaign.id, [
      { phoneNumber: "+12125551001", firstName: "Pat", aiVoiceConsent: true, consentSource: "web form" },
    ]);
    expect((await statsOf(owner, campaign.id)).dispositions).toEqual([]);
    await start(owner, campaign.id);

    // The callee answers and talks through the simulator's script; the AI agent takes the call.
    const runtime = runtimeFor(t, onlyOutcomes({ human: 1 }), { now, talkSeconds: [2000, 2000] });
    expect((await runtime.tick()).results.dialled).toBe(1);
    const [attempt] = await waitFor(
      async () => {
        const attempts = await attemptsOf(t, campaign.id);
        return attempts[0]?.disposition ? attempts : undefined;
      },
      30_000,
      "the AI agent's call to come to an outcome",
    );
    const [call] = await rows<{ disposition: string | null; agent_id: string | null }>(
      t,
      sql`select disposition, agent_id from calls where id = ${attempt?.call_id}`,
    );
    // "That sounds useful. Please send me the details": the call came to interest, and so did the lead.
    expect(call).toMatchObject({ agent_id: agent.id, disposition: "interested" });
    expect(attempt?.disposition).toBe("interested");
    const leads = (await owner.get(`/api/autodialer/campaigns/${campaign.id}/leads`)).json().leads as Lead[];
    expect(leads[0]?.disposition).toBe("interested");

    const stats = await statsOf(owner, campaign.id);
    expect(stats.dispositions).toEqual([{ code: "interested", label: "Interested", leads: 1, byAi: 1 }]);
  });

  it("counts a rep's wrap-ups as the rep's, most common first", async () => {
    const owner = await buildWorkspace(t);
    const campaign = await createCampaign(owner, { dialingMode: "manual" });
    await addLeads(owner, campaign.id, [
      { phoneNumber: "+12125552001" },
      { phoneNumber: "+12125552002" },
      { phoneNumber: "+12125552003" },
      { phoneNumber: "+12125552004" },
    ]);
    const leads = (await owner.get(`/api/autodialer/campaigns/${campaign.id}/leads`)).json().leads as Lead[];
    const wrapUps = ["not_interested", "appointment", "not_interested"];
    for (const [i, disposition] of wrapUps.entries()) {
      const dialled = await owner.post(`/api/autodialer/leads/${leads[i]?.id}/dial`);
      expect(dialled.statusCode, dialled.body).toBe(201);
      const ended = await owner.post(`/api/autodialer/console/calls/${dialled.json().attemptId}/end`, {
        disposition,
      });
      expect(ended.statusCode, ended.body).toBe(200);
    }
    const stats = await statsOf(owner, campaign.id);
    expect(stats.dispositions).toEqual([
      { code: "not_interested", label: "Not interested", leads: 2, byAi: 0 },
      { code: "appointment", label: "Appointment booked", leads: 1, byAi: 0 },
    ]);
    // The enterprise figures count the booked lead among the interested and talked-with ones.
    const enterprise = (await owner.get("/api/enterprise/call-stats")).json();
    expect(enterprise.campaign).toMatchObject({ totalLeads: 4, interestedLeads: 1, qualifiedLeads: 3 });

    // Another workspace's campaign is not found.
    const intruder = await buildWorkspace(t);
    expect((await intruder.get(`/api/autodialer/campaigns/${campaign.id}/stats`)).statusCode).toBe(404);
  });
});
