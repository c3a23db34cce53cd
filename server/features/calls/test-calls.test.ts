import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call, CallListResponse, Stats } from "../../../common/calls";
import type { SystemTestStats } from "../../../common/telephony";
import type { TestClient } from "../../test/app";
import { clockFrom, NEW_YORK_NOON, recordAiVoiceConsent } from "../../test/dialing";
import { buildWorkspace, rows } from "../../test/factories";
import { eventually, telephonyTestApp } from "../../test/telephony";

/**
 * Test calls ("Test calls flood the figures"): the system test's and the voice demo's
 * calls are marked, left out of every figure and of the plan's usage, shown in History only when
 * asked, and calls can be deleted one, several or all test calls. A call the carrier simulator
 * carries for a team's work (here /api/voice/outbound without Twilio) is no test call: it counts,
 * marked simulated (simulated-calls.test.ts follows it into every figure).
 * Every workspace here is a business's (buildWorkspace's default): ten phone calls at once, so
 * simulator calls never meet the plan's limit.
 */
let env: Awaited<ReturnType<typeof telephonyTestApp>>;
beforeAll(async () => {
  // Noon in New York: the outbound calls below are inside their callees' calling hours.
  env = await telephonyTestApp({}, { now: clockFrom(NEW_YORK_NOON) });
});
afterAll(() => env.close());

/** A real call as the spec makes them: the Active Calls simulation, one caller turn, ended by the user. */
async function realCall(c: TestClient, phoneNumber: string): Promise<Call> {
  const call = (await c.post("/api/calls/simulate", { phoneNumber, callerName: "Pat Real" })).json();
  await c.post(`/api/calls/${call.id}/process-audio`, {
    text: "Hi, I have a question about my last invoice, could someone call me back?",
  });
  const ended = await c.patch(`/api/calls/${call.id}`, { isActive: false });
  expect(ended.statusCode, ended.body).toBe(200);
  return ended.json();
}

/** A finished system test of `count` calls. */
async function systemTest(c: TestClient, count: number): Promise<SystemTestStats> {
  const start = await c.post("/api/call-system-test/start", { count });
  expect(start.statusCode, start.body).toBe(201);
  return eventually(async () => {
    const stats: SystemTestStats = (await c.get("/api/call-system-test/stats")).json();
    expect(stats.completed + stats.failed).toBe(count);
    return stats;
  }, 30_000);
}

/** A demo call with one message, then ended with End. */
async function endedDemo(c: TestClient, phoneNumber: string): Promise<string> {
  const { callId } = (await c.post("/api/conversation/start-demo", { phoneNumber })).json();
  await c.post("/api/conversation/process", { callId, message: "Hi, I'd like to know your opening hours." });
  expect((await c.patch(`/api/calls/${callId}`, { isActive: false })).statusCode).toBe(200);
  return callId;
}

/** An outbound call through the simulator (no Twilio connected), until the callee hangs up. */
async function simulatorOutbound(c: TestClient, phoneNumber: string): Promise<string> {
  // The assistant makes the call: the callee agreed to AI-voice calls.
  await recordAiVoiceConsent(c, [phoneNumber]);
  const placed = await c.post("/api/voice/outbound", { phoneNumber });
  expect(placed.statusCode, placed.body).toBe(200);
  const { callId } = placed.json();
  await eventually(async () => {
    expect((await c.get(`/api/calls/${callId}`)).json().isActive).toBe(false);
  }, 20_000);
  return callId;
}

const stats = async (c: TestClient): Promise<Stats> => (await c.get("/api/stats")).json();
const history = async (c: TestClient, query = ""): Promise<CallListResponse> =>
  (await c.get(`/api/calls?limit=100${query}`)).json();
const usage = async (c: TestClient) => (await c.get("/api/subscription")).json().usage;

/** The trigger-kept counters against a real count of the account's calls. */
async function expectCountersExact(workspaceId: string) {
  const counted = await rows(
    env.t,
    sql`select coalesce(classification, '') as classification, status, is_active, is_test,
               count(*)::int as n, coalesce(sum(duration), 0)::int as s
        from calls where workspace_id = ${workspaceId} group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  const kept = await rows(
    env.t,
    sql`select classification, status, is_active, is_test, n::int as n, duration_sum::int as s
        from call_counts where workspace_id = ${workspaceId} and n <> 0 order by 1, 2, 3, 4`,
  );
  expect(kept).toEqual(counted);
}

describe("test calls are marked and left out of the figures", () => {
  it("system-test and demo calls are test calls; the simulator's outbound call and the Active Calls simulation are real calls", async () => {
    const c = await buildWorkspace(env.t);
    const real = await realCall(c, "+12125550140");
    const demo = await endedDemo(c, "+12125550141");
    const outbound = await simulatorOutbound(c, "+12125550142");
    const run = await systemTest(c, 2);
    expect(real).toMatchObject({ isTest: false, simulated: false });
    expect((await c.get(`/api/calls/${demo}`)).json()).toMatchObject({ isTest: true, simulated: false });
    expect((await c.get(`/api/calls/${outbound}`)).json()).toMatchObject({ isTest: false, simulated: true });
    for (const { callId } of run.calls)
      expect((await c.get(`/api/calls/${callId}`)).json(), callId).toMatchObject({
        isTest: true,
        simulated: true,
      });
  });

  it("the dashboard, the history's summary and the plan's usage are the same before and after test calls", async () => {
    const c = await buildWorkspace(env.t);
    await realCall(c, "+12125550150");
    await realCall(c, "+12125550151");
    const statsBefore = await stats(c);
    const summaryBefore = (await history(c)).summary;
    const usageBefore = await usage(c);
    expect(statsBefore.todaysCalls).toBe(2);
    expect(summaryBefore.totalCalls).toBe(2);
    expect(usageBefore.callsScreened).toBe(2);

    await systemTest(c, 3);
    await endedDemo(c, "+12125550152");

    expect(await stats(c)).toEqual({ ...statsBefore, testCallsToday: 4 });
    expect((await history(c)).summary).toEqual({ ...summaryBefore, testCalls: 4 });
    const usageAfter = await usage(c);
    expect(usageAfter.callsScreened).toBe(usageBefore.callsScreened);
    expect(usageAfter.callMinutesUsed).toBe(usageBefore.callMinutesUsed);
    expect(usageAfter.transcriptionsUsed).toBe(usageBefore.transcriptionsUsed);

    // A call the simulator carries for the team counts, as the assistant worked it.
    await simulatorOutbound(c, "+12125550153");
    expect((await stats(c)).todaysCalls).toBe(3);
    expect((await history(c)).summary).toMatchObject({ totalCalls: 3, testCalls: 4 });
    expect((await usage(c)).callsScreened).toBe(3);
    // The carrier's measured length may land just after the call ended: the counters follow it.
    await eventually(() => expectCountersExact(c.user!.workspace.id));
  });

  it("History lists test calls too by default, or leaves them out, or shows only them; totals follow", async () => {
    const c = await buildWorkspace(env.t);
    await realCall(c, "+12125550160");
    await systemTest(c, 2);
    await endedDemo(c, "+12125550161");

    const all = await history(c);
    expect(all.pagination.total).toBe(4);
    expect(all.calls).toHaveLength(4);
    const real = await history(c, "&testCalls=exclude");
    expect(real.calls.map((call) => call.phoneNumber)).toEqual(["+12125550160"]);
    expect(real.pagination.total).toBe(1);
    const tests = await history(c, "&testCalls=only");
    expect(tests.calls.every((call) => call.isTest)).toBe(true);
    expect(tests.pagination.total).toBe(3);
    // With a search, too (counted from the calls, not the counters).
    expect((await history(c, "&testCalls=only&search=212555016")).pagination.total).toBe(1);

    const csv = (await c.get("/api/calls/export?format=csv&testCalls=exclude")).body;
    expect(csv).toContain("+12125550160");
    expect(csv).not.toContain("+12125550161");

    const bad = await c.get("/api/calls?testCalls=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/testCalls must be one of include, exclude, only/);
  });
});

describe("deleting calls", () => {
  it("deletes one ended call of the account; a live one is refused; another account's is not found", async () => {
    const c = await buildWorkspace(env.t);
    const first = await realCall(c, "+12125550170");
    await realCall(c, "+12125550171");
    const live = (await c.post("/api/calls/simulate", { phoneNumber: "+12125550172" })).json();

    const intruder = await buildWorkspace(env.t);
    expect((await intruder.delete(`/api/calls/${first.id}`)).statusCode).toBe(404);

    const refused = await c.delete(`/api/calls/${live.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This call is still in progress. End it first, then delete it.");

    const deleted = await c.delete(`/api/calls/${first.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect((await c.get(`/api/calls/${first.id}`)).statusCode).toBe(404);
    expect((await c.delete(`/api/calls/${first.id}`)).statusCode).toBe(404);
    expect((await history(c)).summary.totalCalls).toBe(2);
    expect((await c.delete("/api/calls/not-a-uuid")).json().message).toBe("That call id is not valid");
    await expectCountersExact(c.user!.workspace.id);
  });

  it("deletes the chosen calls all or none, and keeps the appointments they booked", async () => {
    const c = await buildWorkspace(env.t);
    const a = await realCall(c, "+12125550180");
    const b = await realCall(c, "+12125550181");
    const kept = await realCall(c, "+12125550182");
    const live = (await c.post("/api/calls/simulate", { phoneNumber: "+12125550183" })).json();
    const appointment = (
      await c.post("/api/appointments", {
        title: "Invoice question",
        startTime: "2030-01-15T14:00:00.000Z",
        endTime: "2030-01-15T15:00:00.000Z",
      })
    ).json();
    await env.t.database.db.execute(
      sql`update appointments set call_id = ${a.id} where id = ${appointment.id}`,
    );

    const other = await buildWorkspace(env.t);
    const foreign = await realCall(other, "+12125550184");
    const withForeign = await c.post("/api/calls/delete", { ids: [a.id, foreign.id] });
    expect(withForeign.statusCode).toBe(404);
    expect(withForeign.json().message).toMatch(/^One of those calls/);
    const withLive = await c.post("/api/calls/delete", { ids: [a.id, live.id] });
    expect(withLive.statusCode).toBe(409);
    expect(withLive.json().message).toMatch(/still in progress/);
    expect((await history(c)).pagination.total).toBe(4);
    expect((await other.get(`/api/calls/${foreign.id}`)).statusCode).toBe(200);

    expect((await c.post("/api/calls/delete", { ids: [] })).json().message).toBe(
      "Choose at least one call to delete",
    );
    expect((await c.post("/api/calls/delete", { ids: ["x"] })).statusCode).toBe(400);

    const done = await c.post("/api/calls/delete", { ids: [a.id, b.id, a.id] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ deleted: 2 });
    const left = await history(c);
    expect(left.calls.map((call) => call.id).sort()).toEqual([kept.id, live.id].sort());
    expect(left.summary.totalCalls).toBe(2);
    // The appointment stays, without its call.
    const booked = await rows<{ title: string; call_id: string | null }>(
      env.t,
      sql`select title, call_id from appointments where id = ${appointment.id}`,
    );
    expect(booked).toEqual([{ title: "Invoice question", call_id: null }]);
    await expectCountersExact(c.user!.workspace.id);
  });

  it("deletes every ended test call with one request and leaves real calls, live test calls and other accounts alone", async () => {
    const c = await buildWorkspace(env.t);
    const real = await realCall(c, "+12125550190");
    await systemTest(c, 3);
    await endedDemo(c, "+12125550191");
    const liveDemo = (await c.post("/api/conversation/start-demo", { phoneNumber: "+12125550192" })).json();
    const other = await buildWorkspace(env.t);
    await endedDemo(other, "+12125550193");
    const figures = await stats(c);

    const res = await c.delete("/api/calls/test-calls");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 4, stillLive: 1 });
    const left = await history(c);
    expect(left.calls.map((call) => call.id).sort()).toEqual([real.id, liveDemo.callId].sort());
    expect(left.summary).toMatchObject({ totalCalls: 1, testCalls: 1 });
    expect(await stats(c)).toEqual({ ...figures, testCallsToday: 1 });
    expect((await history(other)).summary.testCalls).toBe(1);
    await expectCountersExact(c.user!.workspace.id);

    // The system test's screen has nothing left to show.
    expect((await c.get("/api/call-system-test/stats")).json()).toMatchObject({ total: 0 });
  });
});
