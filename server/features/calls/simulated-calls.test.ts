import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SystemCallList } from "../../../common/admin";
import type { AgentAnalytics } from "../../../common/agents";
import type { Call, CallListResponse, Stats } from "../../../common/calls";
import type { Contact } from "../../../common/contacts";
import type { EnterpriseAnalytics } from "../../../common/enterprise";
import type { SystemTestStats } from "../../../common/telephony";
import type { TestClient } from "../../test/app";
import { clockFrom, NEW_YORK_NOON, recordAiVoiceConsent } from "../../test/dialing";
import { buildWorkspace, rows, type SignedInClient } from "../../test/factories";
import { waitFor } from "../../test/jobs";
import { eventually, setWorkspace, telephonyTestApp } from "../../test/telephony";
import { addLeads, createCampaign, onlyOutcomes, runtimeFor, start } from "../dialer/runtime/test-support";

/**
 * Calls the built-in carrier simulator carries are a team's work: a campaign's dials, a
 * contact's Dial, a bulk call and "Ring my number" count in the dashboard, Call History, the
 * enterprise and agent analytics and the administrator's screens, marked simulated; only the
 * test screens' calls (the system test here) stay apart. The admin header and its Calls tab read
 * the same calls.
 */
const now = clockFrom(NEW_YORK_NOON);
let env: Awaited<ReturnType<typeof telephonyTestApp>>;
/** The first person on the database: the platform administrator. */
let admin: SignedInClient;
beforeAll(async () => {
  env = await telephonyTestApp({}, { now });
  admin = await buildWorkspace(env.t, { username: "platform_admin" });
}, 120_000);
afterAll(() => env.close());

const stats = async (c: TestClient): Promise<Stats> => (await c.get("/api/stats")).json();
/** The history as the screen asks for it by default (test calls hidden). */
const history = async (c: TestClient, query = "&testCalls=exclude"): Promise<CallListResponse> => {
  const res = await c.get(`/api/calls?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const enterprise = async (c: TestClient): Promise<EnterpriseAnalytics> => {
  const res = await c.get("/api/enterprise/analytics?timeRange=24h");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const agentAnalytics = async (c: TestClient): Promise<AgentAnalytics> =>
  (await c.get("/api/ai-agents/analytics")).json();

/** The admin header's call figures and its Calls tab's total, read one after the other. */
async function adminFigures(search = "") {
  const header = await admin.get("/api/admin/stats");
  expect(header.statusCode, header.body).toBe(200);
  const tab = await admin.get(
    `/api/admin/calls?limit=100${search ? `&search=${encodeURIComponent(search)}` : ""}`,
  );
  expect(tab.statusCode, tab.body).toBe(200);
  const { totalCalls, todaysCalls } = header.json() as { totalCalls: number; todaysCalls: number };
  return { totalCalls, todaysCalls, tab: tab.json() as SystemCallList };
}

/** Calls of the workspace counted straight from the table. */
async function countedInDatabase(workspaceId: string) {
  const [row] = await rows<{ counted: number; simulated: number; tests: number }>(
    env.t,
    sql`select count(*) filter (where not is_test)::int counted,
               count(*) filter (where simulated and not is_test)::int simulated,
               count(*) filter (where is_test)::int tests
        from calls where workspace_id = ${workspaceId}`,
  );
  return row!;
}

async function allEnded(workspaceId: string, expected: number) {
  return waitFor(
    async () => {
      const [row] = await rows<{ n: number; live: number }>(
        env.t,
        sql`select count(*)::int n, count(*) filter (where is_active)::int live
            from calls where workspace_id = ${workspaceId}`,
      );
      return row && row.n >= expected && row.live === 0 ? row : undefined;
    },
    30_000,
    "the simulated calls to end",
  );
}

/** A finished system test of `count` calls (/call-system-test). */
async function systemTest(c: TestClient, count: number): Promise<SystemTestStats> {
  const started = await c.post("/api/call-system-test/start", { count });
  expect(started.statusCode, started.body).toBe(201);
  return eventually(async () => {
    const run: SystemTestStats = (await c.get("/api/call-system-test/stats")).json();
    expect(run.completed + run.failed).toBe(count);
    return run;
  }, 30_000);
}

describe("a campaign's dials on the carrier simulator", () => {
  it("count in the dashboard, Call History (marked simulated), the enterprise and agent analytics and the admin screens; a system test's calls stay out", {
    timeout: 120_000,
  }, async () => {
    const owner = await buildWorkspace(env.t, { businessInfo: { companyName: "Acme Solar" } });
    const workspaceId = owner.user.workspace.id;
    // An AI agent staffs the campaign: it takes each call a person answers and talks it through.
    const robin = (await owner.post("/api/ai-agents", { name: "Robin" })).json();
    await owner.post(`/api/ai-agents/${robin.id}/toggle`);
    const campaign = await createCampaign(owner, {
      name: "Solar on the simulator",
      dialingMode: "progressive",
      aiAgents: [{ agentId: robin.id, concurrentCalls: 3 }],
    });
    const numbers = ["+12125557101", "+12125557102", "+12125557103"];
    await addLeads(
      owner,
      campaign.id,
      numbers.map((phoneNumber, n) => ({
        phoneNumber,
        firstName: `Lead ${n}`,
        aiVoiceConsent: true,
        consentSource: "web form",
      })),
    );
    await start(owner, campaign.id);
    const runtime = runtimeFor(env.t, onlyOutcomes({ human: 1 }), { now, talkSeconds: [150, 150] });
    expect((await runtime.tick()).results.dialled).toBe(3);
    await allEnded(workspaceId, 3);

    // Straight from the database: three calls, all simulated, none a test call.
    expect(await countedInDatabase(workspaceId)).toEqual({ counted: 3, simulated: 3, tests: 0 });

    expect((await stats(owner)).todaysCalls).toBe(3);
    const listed = await history(owner);
    expect(listed.pagination.total).toBe(3);
    expect(listed.summary.totalCalls).toBe(3);
    expect(listed.calls.map((call) => call.phoneNumber).sort()).toEqual(numbers);
    expect(listed.calls.every((call) => call.simulated && !call.isTest)).toBe(true);
    const detail: Call = (await owner.get(`/api/calls/${listed.calls[0]!.id}`)).json();
    expect(detail).toMatchObject({ simulated: true, isTest: false, callType: "simulator" });

    expect((await enterprise(owner)).totalCalls).toBe(3);
    const agents = await agentAnalytics(owner);
    expect(agents.outcomes.calls).toBe(3);
    expect(agents.agents.find((agent) => agent.id === robin.id)?.outcomes.calls).toBe(3);

    // The plan counts the work the assistant did.
    expect((await owner.get("/api/subscription")).json().usage.callsScreened).toBe(3);

    // The admin header counts the calls its Calls tab lists (every workspace's), simulated marked.
    const platform = await adminFigures();
    expect(platform.tab.total).toBe(platform.totalCalls);
    expect(platform.totalCalls).toBeGreaterThanOrEqual(3);
    const ours = (await adminFigures("+121255571")).tab;
    expect(ours.total).toBe(3);
    expect(ours.calls.every((call) => call.simulated && call.workspaceId === workspaceId)).toBe(true);

    // A system test's calls (simulated too) stay apart: no figure moves.
    const run = await systemTest(owner, 2);
    expect(await countedInDatabase(workspaceId)).toEqual({ counted: 3, simulated: 3, tests: 2 });
    expect(await stats(owner)).toMatchObject({ todaysCalls: 3, testCallsToday: 2 });
    const afterTest = await history(owner);
    expect(afterTest.pagination.total).toBe(3);
    expect(afterTest.summary).toMatchObject({ totalCalls: 3, testCalls: 2 });
    const tests = await history(owner, "&testCalls=only");
    expect(tests.calls.map((call) => call.id).sort()).toEqual(run.calls.map((call) => call.callId).sort());
    expect(tests.calls.every((call) => call.isTest && call.simulated)).toBe(true);
    expect((await enterprise(owner)).totalCalls).toBe(3);
    expect((await agentAnalytics(owner)).outcomes.calls).toBe(3);
    expect((await owner.get("/api/subscription")).json().usage.callsScreened).toBe(3);
    const platformAfter = await adminFigures();
    expect(platformAfter.totalCalls).toBe(platform.totalCalls);
    expect(platformAfter.tab.total).toBe(platformAfter.totalCalls);
  });
});

describe("every other way a simulated call is made", () => {
  it("a contact's Dial, a bulk call and Ring my number are counted calls, marked simulated", {
    timeout: 120_000,
  }, async () => {
    const owner = await buildWorkspace(env.t);
    const workspaceId = owner.user.workspace.id;
    // Bulk calls come with the enterprise plans.
    await setWorkspace(env.t, workspaceId, { planType: "enterprise_starter" });
    const dialled = "+12125557201";
    const bulk = ["+12125557202", "+12125557203"];
    // The assistant makes these calls: the callees agreed to AI-voice calls.
    await recordAiVoiceConsent(owner, [dialled, ...bulk]);

    const added = await owner.post("/api/contacts", { name: "Dana Reyes", phoneNumber: dialled });
    expect(added.statusCode, added.body).toBe(201);
    const contact: Contact = added.json();
    const dial = await owner.post(`/api/contacts/${contact.id}/dial`, {});
    expect(dial.statusCode, dial.body).toBe(200);
    const bulkStarted = await owner.post("/api/calls/bulk", {
      phoneNumbers: bulk,
      callPurpose: "A reminder",
    });
    expect(bulkStarted.statusCode, bulkStarted.body).toBeLessThan(300);
    const rang = await owner.post("/api/telephony/simulator/calls", {
      from: "(212) 555-7204",
      callerName: "Lee Park",
      script: ["Hi, I'd like to book a visit next week."],
    });
    expect(rang.statusCode, rang.body).toBe(202);
    await allEnded(workspaceId, 4);

    const listed = await history(owner);
    expect(listed.calls.map((call) => call.phoneNumber).sort()).toEqual(
      [dialled, ...bulk, "+12125557204"].sort(),
    );
    expect(listed.calls.every((call) => call.simulated && !call.isTest)).toBe(true);
    expect(new Set(listed.calls.map((call) => call.direction))).toEqual(new Set(["outbound", "inbound"]));
    expect(await countedInDatabase(workspaceId)).toEqual({ counted: 4, simulated: 4, tests: 0 });
    expect((await stats(owner)).todaysCalls).toBe(4);
    expect((await enterprise(owner)).totalCalls).toBe(4);
    // The contact's own history shows its call, simulated.
    const contactCalls = (await owner.get(`/api/contacts/${contact.id}/calls`)).json();
    expect(contactCalls.calls).toEqual([expect.objectContaining({ simulated: true, isTest: false })]);
  });
});
