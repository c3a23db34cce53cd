import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AgentConsole } from "../../../../common/dialer";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";
import { buildMember, buildWorkspace, rows } from "../../../test/factories";
import { waitFor } from "../../../test/jobs";
import { assignAnyCampaignReps } from "./any-campaign";
import {
  addLeads,
  attemptsOf,
  createCampaign,
  onlyOutcomes,
  runtimeFor,
  setStatus,
  settled,
  start,
} from "./test-support";

/**
 * A rep who works "Any campaign" (the console's default) is a rep for every active campaign of
 * the workspace that the dialer paces (predictive and progressive), one campaign at a time,
 * through the real routes, the runtime and the carrier simulator (100 times faster than real).
 */

/** Noon in New York on a June day: inside everyone's calling window (leads are New York numbers). */
let clock = new Date("2026-06-10T16:00:00.000Z");
const now = () => clock;
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ telephony: { simulatorTimeScale: 0.01 } }, { now });
}, 120_000);
afterAll(() => t.close());
// A tick looks at every active campaign in the database: each test starts with none.
afterEach(async () => {
  await t.database.db.execute(sql`update campaigns set status = 'paused' where status = 'active'`);
});

const number = (n: number) => `+1212555${String(2000 + n)}`;
const leadsOfNumbers = (...ns: number[]) =>
  ns.map((n) => ({ phoneNumber: number(n), firstName: `Lead ${n}` }));

async function consoleOf(c: TestClient): Promise<AgentConsole> {
  const res = await c.get("/api/autodialer/console");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Attempts of a workspace by campaign, in the order they were queued. */
function dialledCampaigns(workspaceId: string) {
  return rows<{ campaign_id: string }>(
    t,
    sql`select campaign_id from dial_attempts where workspace_id = ${workspaceId} order by queued_at, dial_key`,
  );
}

describe("one rep on Any campaign", () => {
  it("dials the workspace's active campaign on the first tick and puts the person who answers through to the rep", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    // The default mode (predictive) and the console's default choice: Any campaign.
    const campaign = await createCampaign(owner, { name: "Solar leads" });
    await addLeads(owner, campaign.id, leadsOfNumbers(1, 2, 3));
    await setStatus(owner, "available", null);
    await start(owner, campaign.id);

    const runtime = runtimeFor(t, onlyOutcomes({ human: 1 }), { now, talkSeconds: [400, 400] });
    const report = await runtime.tick();
    expect(report.claimed).toBeGreaterThanOrEqual(1);
    expect(report.results.dialled).toBe(report.claimed);
    const placed = await rows<{ n: number }>(
      t,
      sql`select count(*)::int n from calls where workspace_id = ${owner.user.workspace.id} and dial_key is not null`,
    );
    expect(placed[0]?.n).toBe(report.claimed);

    // The person who answers reaches the rep: the console shows the call.
    const onCall = await waitFor(
      async () => {
        const view = await consoleOf(owner);
        return view.currentCall ? view : undefined;
      },
      20_000,
      "the answered call to reach the rep",
    );
    expect(onCall.currentCall?.campaignId).toBe(campaign.id);
    expect(onCall.agent).toMatchObject({ status: "on_call", campaignId: null });
    const attempts = await settled(t, campaign.id);
    expect(attempts.filter((a) => a.agent_user_id === owner.user.id)).toHaveLength(1);
  });
});

describe("campaigns take turns", () => {
  it("gives one Any rep's lines to the least recently dialled campaign, so two campaigns alternate, and passes over one with nothing due", {
    timeout: 90_000,
  }, async () => {
    clock = new Date("2026-06-10T16:00:00.000Z");
    const owner = await buildWorkspace(t);
    const workspaceId = owner.user.workspace.id;
    const first = await createCampaign(owner, { name: "First", dialingMode: "progressive" });
    const second = await createCampaign(owner, { name: "Second", dialingMode: "progressive" });
    // The first has two leads: once both are dialled (busy, tried again in an hour) it has
    // nothing due, and the second goes on alone.
    await addLeads(owner, first.id, leadsOfNumbers(10, 11));
    await addLeads(owner, second.id, leadsOfNumbers(20, 21, 22, 23));
    await setStatus(owner, "available", null);
    await start(owner, first.id);
    await start(owner, second.id);

    const runtime = runtimeFor(t, onlyOutcomes({ busy: 1 }), { now });
    const order: string[] = [];
    for (let turn = 0; turn < 6; turn++) {
      const report = await runtime.tick();
      // One rep, progressive: one line a turn.
      expect(report.claimed, `turn ${turn}`).toBe(1);
      const dialled = await dialledCampaigns(workspaceId);
      order.push(dialled.at(-1)!.campaign_id);
      await settled(t, order.at(-1)!);
      later(5);
    }
    // Neither was dialled before: which goes first is the id's order; then they take turns.
    if (order[0] === first.id)
      expect(order).toEqual([first.id, second.id, first.id, second.id, second.id, second.id]);
    else expect(order).toEqual([second.id, first.id, second.id, first.id, second.id, second.id]);
  });

  it("puts two Any reps on two campaigns in one tick, round robin", { timeout: 60_000 }, async () => {
    clock = new Date("2026-06-10T17:00:00.000Z");
    const owner = await buildWorkspace(t);
    const rep = await buildMember(t, owner, "agent");
    const campaigns = [];
    for (const [n, name] of ["North", "South"].entries()) {
      const campaign = await createCampaign(owner, { name, dialingMode: "progressive" });
      await addLeads(owner, campaign.id, leadsOfNumbers(30 + n * 5, 31 + n * 5, 32 + n * 5));
      await start(owner, campaign.id);
      campaigns.push(campaign);
    }
    await setStatus(owner, "available", null);
    await setStatus(rep, "available", null);
    const report = await runtimeFor(t, onlyOutcomes({ busy: 1 }), { now }).tick();
    expect(report).toMatchObject({ campaigns: 2, claimed: 2 });
    const dialled = await dialledCampaigns(owner.user.workspace.id);
    expect(new Set(dialled.map((row) => row.campaign_id))).toEqual(new Set(campaigns.map((c) => c.id)));
    // Each console says which campaign the dialer has them on.
    const working = [(await consoleOf(owner)).agent, (await consoleOf(rep)).agent].map(
      (agent) => agent.workingCampaignId,
    );
    expect(new Set(working)).toEqual(new Set(campaigns.map((c) => c.id)));
    for (const campaign of campaigns) await settled(t, campaign.id);
  });
});

describe("what an Any rep is not put on", () => {
  it("leaves preview campaigns, AI-staffed ones and other workspaces' campaigns alone, and a rep who chose a campaign keeps to it", {
    timeout: 60_000,
  }, async () => {
    clock = new Date("2026-06-10T18:00:00.000Z");
    const owner = await buildWorkspace(t);
    const chooser = await buildMember(t, owner, "agent");
    const preview = await createCampaign(owner, { name: "Preview", dialingMode: "preview" });
    const chosen = await createCampaign(owner, { name: "Chosen", dialingMode: "progressive" });
    const progressive = await createCampaign(owner, { name: "Any", dialingMode: "progressive" });
    await addLeads(owner, preview.id, leadsOfNumbers(40, 41));
    await addLeads(owner, chosen.id, leadsOfNumbers(42, 43));
    await addLeads(owner, progressive.id, leadsOfNumbers(44, 45));
    // An AI agent takes every call of a campaign it staffs: it dials for its agent, not for reps.
    const robin = (await owner.post("/api/ai-agents", { name: "Robin" })).json();
    await owner.post(`/api/ai-agents/${robin.id}/toggle`);
    const staffed = await createCampaign(owner, {
      name: "Staffed",
      dialingMode: "progressive",
      aiAgents: [{ agentId: robin.id, concurrentCalls: 2 }],
    });
    await addLeads(
      owner,
      staffed.id,
      leadsOfNumbers(48).map((lead) => ({ ...lead, aiVoiceConsent: true, consentSource: "web form" })),
    );
    // Another workspace's active campaign: nobody of the first workspace works it.
    const stranger = await buildWorkspace(t);
    const foreign = await createCampaign(stranger, { name: "Theirs", dialingMode: "progressive" });
    await addLeads(stranger, foreign.id, leadsOfNumbers(46, 47));
    for (const campaign of [preview, chosen, progressive, staffed]) await start(owner, campaign.id);
    await start(stranger, foreign.id);
    await setStatus(owner, "available", null);
    await setStatus(chooser, "available", chosen.id);

    const report = await runtimeFor(t, onlyOutcomes({ busy: 1 }), { now }).tick();
    // One line for each rep, and the AI agent's own.
    expect(report.claimed).toBe(3);
    // The Any rep may work the campaign the other rep chose, as any active one of theirs (the
    // id's order decides between two never dialled), never the preview or the AI agent's.
    const { workingCampaignId } = (await consoleOf(owner)).agent;
    expect([chosen.id, progressive.id]).toContain(workingCampaignId);
    expect((await consoleOf(chooser)).agent).toMatchObject({
      campaignId: chosen.id,
      workingCampaignId: null,
    });
    const dialled = await dialledCampaigns(owner.user.workspace.id);
    expect(dialled.map((row) => row.campaign_id).sort()).toEqual(
      [chosen.id, workingCampaignId, staffed.id].sort(),
    );
    expect(await dialledCampaigns(stranger.user.workspace.id)).toEqual([]);
    await settled(t, chosen.id);
    if (workingCampaignId === progressive.id) await settled(t, progressive.id);
    expect(await attemptsOf(t, preview.id)).toEqual([]);
    const aiLines = await settled(t, staffed.id);
    expect(aiLines.map((attempt) => attempt.agent_user_id)).toEqual([null]);
  });
});

describe("the assignment's order", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 5, 10, 16, minute));
  const campaign = (id: string, minute: number | null, workspaceId = "w1") => ({
    id,
    workspaceId,
    lastDialledAt: minute === null ? null : at(minute),
  });

  it("gives the never dialled, then the least recently dialled campaign, one rep each before any gets two", () => {
    const reps = ["r1", "r2", "r3", "r4"].map((userId) => ({ workspaceId: "w1", userId }));
    const campaigns = [campaign("b", 5), campaign("a", 9), campaign("c", null)];
    expect(assignAnyCampaignReps(reps, campaigns).map((a) => a.campaignId)).toEqual(["c", "b", "a", "c"]);
  });

  it("sends a rep to the campaign holding a callback kept for them, and counts it in the turns", () => {
    const reps = [
      { workspaceId: "w1", userId: "r1" },
      { workspaceId: "w1", userId: "r2" },
    ];
    const assigned = assignAnyCampaignReps(
      reps,
      [campaign("a", 1), campaign("b", 2)],
      [{ workspaceId: "w1", userId: "r2", campaignId: "a" }],
    );
    expect(assigned).toEqual([
      { workspaceId: "w1", userId: "r2", campaignId: "a" },
      { workspaceId: "w1", userId: "r1", campaignId: "b" },
    ]);
  });

  it("keeps to the rep's own workspace, and leaves a rep with nothing to dial unassigned", () => {
    const assigned = assignAnyCampaignReps(
      [
        { workspaceId: "w1", userId: "r1" },
        { workspaceId: "w2", userId: "r2" },
      ],
      [campaign("theirs", null, "w2")],
    );
    expect(assigned).toEqual([
      { workspaceId: "w1", userId: "r1", campaignId: null },
      { workspaceId: "w2", userId: "r2", campaignId: "theirs" },
    ]);
  });
});
