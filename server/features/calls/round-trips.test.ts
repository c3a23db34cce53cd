import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { buildWorkspace } from "../../test/factories";
import { eventually } from "../../test/telephony";

/**
 * An authenticated request finds its session in memory, and a caller's turn
 * costs two round trips to the database: reading the call, and writing it back only if nobody
 * wrote in between. Counted on the driver itself, on either database.
 */
let t: TestApp;
let queries = 0;

beforeAll(async () => {
  t = await createTestApp();
  // The job queue polls the database on its own: stopped, so only the requests' queries count.
  await t.app.services.jobs.stop();
  const client = (t.database.db as unknown as { $client: Record<string, unknown> }).$client;
  for (const method of ["query", "exec"] as const) {
    const original = client[method];
    if (typeof original !== "function") continue;
    client[method] = (...args: unknown[]) => {
      queries++;
      return (original as (...a: unknown[]) => unknown).apply(client, args);
    };
  }
});
afterAll(() => t.close());

async function counted(work: () => Promise<unknown>): Promise<number> {
  // The platform configuration (maintenance mode, the API limit) is read once per few seconds for
  // every request, like the session: known before counting, so a slow machine's pause between
  // turns does not count its refresh as the turn's.
  await t.app.services.platformConfig.reader.get();
  queries = 0;
  await work();
  return queries;
}

describe("round trips", () => {
  it("a signed-in read asks the database nothing for the session once it is known", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    await c.get("/api/user");
    expect(await counted(() => c.get("/api/user"))).toBe(0);
  });

  it("a caller's turn takes two: read the call, write it back", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const call = (
      await c.post("/api/calls/simulate", { phoneNumber: "+12125550100", callerName: "Pat" })
    ).json();
    await c.post(`/api/calls/${call.id}/process-audio`, { text: "Hi, this is Pat." });
    for (const text of [
      "I wanted to ask about my order from last week.",
      "Can someone call me back about it?",
    ]) {
      const trips = await counted(async () => {
        const res = await c.post(`/api/calls/${call.id}/process-audio`, { text });
        expect(res.statusCode).toBe(200);
      });
      expect(trips, text).toBe(2);
    }
    // The transcript has every turn: nothing was lost by skipping the lock.
    const transcript = (await c.get(`/api/calls/${call.id}`)).json().transcript as string;
    expect(transcript).toContain("Caller: I wanted to ask about my order from last week.");
    expect(transcript).toContain("Caller: Can someone call me back about it?");
  });

  it("still two under a default script and a routed agent: their sets are cached, the agent's record comes after", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const script = await c.post("/api/ai-scripts/from-template/dental-office", { isDefault: true });
    expect(script.statusCode, script.body).toBe(201);
    const agent = (
      await c.post("/api/ai-agents", { name: "Sally", specialization: "sales", keywords: "cost" })
    ).json();
    await c.post(`/api/ai-agents/${agent.id}/toggle`);
    const call = (
      await c.post("/api/calls/simulate", { phoneNumber: "+12125550102", callerName: "Pat" })
    ).json();
    await c.post(`/api/calls/${call.id}/process-audio`, { text: "Hi, this is Pat." });
    const { agents } = t.app.services;
    const workspaceId = c.user?.workspace.id ?? "";
    const texts = ["How much does a cleaning cost?", "And is that the same for children?"];
    for (const [index, text] of texts.entries()) {
      const trips = await counted(async () => {
        const res = await c.post(`/api/calls/${call.id}/process-audio`, { text });
        expect(res.statusCode).toBe(200);
      });
      expect(trips, text).toBe(2);
      // The agent's turn is written after the reply: it lands before the next turn is counted.
      await eventually(async () => {
        expect(await agents.outcomeOf(workspaceId, call.id)).toMatchObject({
          agentId: agent.id,
          turns: index + 1,
        });
      });
    }
  });

  it("two turns at once on one call both land, one after the other", async () => {
    const c = await buildWorkspace(t, { planType: "personal" });
    const call = (
      await c.post("/api/calls/simulate", { phoneNumber: "+12125550101", callerName: "Sam" })
    ).json();
    const texts = ["First thing: my delivery is late.", "Second thing: the invoice is wrong."];
    const answers = await Promise.all(
      texts.map((text) => c.post(`/api/calls/${call.id}/process-audio`, { text })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const transcript = (await c.get(`/api/calls/${call.id}`)).json().transcript as string;
    for (const text of texts) expect(transcript).toContain(`Caller: ${text}`);
  });
});
