import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Call } from "../../../common/calls";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildWorkspace, rows } from "../../test/factories";
import { callRepository } from "./repository";

/**
 * An abandoned demo call does not stay live: a live call nobody touches for IDLE_CALL_MINUTES
 * (10 by default) is ended by the housekeeping sweep, on the server's clock.
 */
const START = new Date(Math.floor(Date.now() / 1000) * 1000);
let clock = START;
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

// Each test starts at START.
beforeEach(() => {
  clock = START;
});

const call = async (c: TestClient, id: string): Promise<Call> => (await c.get(`/api/calls/${id}`)).json();
const lastLine = (transcript: string) => transcript.split("\n").at(-1);

describe("the idle-call sweep", () => {
  it("ends a demo left without End after 10 quiet minutes: completed, with a line and a summary saying why", async () => {
    const c = await buildWorkspace(t);
    const { callId } = (await c.post("/api/conversation/start-demo", { phoneNumber: "+12125550101" })).json();
    clock = minutes(1);
    await c.post("/api/conversation/process", {
      callId,
      message: "Hi, I'd like to know your opening hours.",
    });

    clock = minutes(10);
    await t.app.housekeeping();
    expect((await call(c, callId)).isActive).toBe(true);

    clock = minutes(11.5);
    await t.app.housekeeping();
    const ended = await call(c, callId);
    expect(ended).toMatchObject({ isActive: false, status: "completed" });
    expect(lastLine(ended.transcript)).toBe(
      "System: Ended automatically: nothing happened on this call for 10 minutes",
    );
    expect(ended.summary).toMatch(/It ended automatically after 10 minutes without activity\.$/);
    // Its length is the time it was in use, up to the last message.
    expect(ended.endTime).toBe(minutes(1).toISOString());
    expect(ended.duration).toBe(60);
    expect((await c.get("/api/conversation/demo")).json()).toEqual({ call: null });
  });

  it("ends a call where the caller never spoke as missed, and counts the simulation as usage by its time in use", async () => {
    const c = await buildWorkspace(t);
    const simulated = (await c.post("/api/calls/simulate", { phoneNumber: "+12125550102" })).json();
    clock = minutes(12);
    await t.app.housekeeping();
    const ended = await call(c, simulated.id);
    expect(ended).toMatchObject({ isActive: false, status: "missed", duration: 0 });
    expect(lastLine(ended.transcript)).toMatch(/^System: Ended automatically/);
    const usage = (await c.get("/api/subscription")).json().usage;
    expect(usage).toMatchObject({ callsScreened: 1, callMinutesUsed: 1 });
  });

  it("counts from the last activity: a turn, hold or resume keeps a call live", async () => {
    const c = await buildWorkspace(t);
    const simulated = (await c.post("/api/calls/simulate", { phoneNumber: "+12125550103" })).json();
    clock = minutes(8);
    await c.post(`/api/calls/${simulated.id}/process-audio`, { text: "Hello, is this the dental office?" });
    clock = minutes(15);
    await c.post(`/api/calls/${simulated.id}/hold`, { isOnHold: true });
    clock = minutes(24);
    await t.app.housekeeping();
    expect((await call(c, simulated.id)).isActive).toBe(true);
    clock = minutes(25.5);
    await t.app.housekeeping();
    expect(await call(c, simulated.id)).toMatchObject({ isActive: false, status: "completed" });
  });

  it("ends every account's idle calls, and leaves a Twilio call to Twilio until it is past Twilio's 4-hour limit", async () => {
    const c = await buildWorkspace(t);
    const other = await buildWorkspace(t);
    const mine = (await c.post("/api/calls/simulate", { phoneNumber: "+12125550104" })).json();
    const theirs = (await other.post("/api/calls/simulate", { phoneNumber: "+12125550105" })).json();
    const repo = callRepository(t.database.db);
    const twilio = await repo.insert(c.user!.workspace.id, {
      phoneNumber: "+12125550106",
      direction: "inbound",
      status: "in_progress",
      isActive: true,
      startTime: START,
      lastActivityAt: START,
      transcript: "AI: Hello!",
      callType: "twilio",
      providerCallSid: `CA${"1".repeat(32)}`,
    });

    clock = minutes(60);
    await t.app.housekeeping();
    expect((await call(c, mine.id)).isActive).toBe(false);
    expect((await call(other, theirs.id)).isActive).toBe(false);
    expect((await call(c, twilio.id)).isActive).toBe(true);

    clock = minutes(4 * 60 + 11);
    await t.app.housekeeping();
    const closed = await call(c, twilio.id);
    expect(closed).toMatchObject({ isActive: false, status: "missed" });
    expect(lastLine(closed.transcript)).toMatch(/^System: Ended automatically/);
  });

  it("follows IDLE_CALL_MINUTES", async () => {
    const quick = await createTestApp({ idleCallMinutes: 2 }, { now: () => clock });
    try {
      clock = START;
      const c = await buildWorkspace(quick);
      const { callId } = (
        await c.post("/api/conversation/start-demo", { phoneNumber: "+12125550107" })
      ).json();
      clock = minutes(2.5);
      await quick.app.housekeeping();
      const ended = (await c.get(`/api/calls/${callId}`)).json();
      expect(ended.isActive).toBe(false);
      expect(lastLine(ended.transcript)).toBe(
        "System: Ended automatically: nothing happened on this call for 2 minutes",
      );
    } finally {
      await quick.close();
    }
  });

  it("keeps the counters exact", async () => {
    const c = await buildWorkspace(t);
    (await c.post("/api/calls/simulate", { phoneNumber: "+12125550108" })).json();
    clock = minutes(30);
    await t.app.housekeeping();
    const [counters] = await rows<{ ended: number; counted: number }>(
      t,
      sql`select (select count(*)::int from calls where workspace_id = ${c.user!.workspace.id} and not is_active) as ended,
                 (select coalesce(sum(n), 0)::int from call_counts where workspace_id = ${c.user!.workspace.id} and not is_active) as counted`,
    );
    expect(counters).toEqual({ ended: 1, counted: 1 });
    expect((await c.get("/api/calls")).json().summary.totalCalls).toBe(1);
  });
});
