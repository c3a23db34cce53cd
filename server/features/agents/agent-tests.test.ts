import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AgentTest,
  type AgentTestRunResponse,
  TEST_CASE_NAME_REQUIRED,
  TEST_CASE_NOT_FOUND,
  TEST_EXPECTATION_REQUIRED,
  TEST_TURNS_REQUIRED,
} from "../../../common/agents";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { buildMember, buildWorkspace } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createCase(c: TestClient, body: Record<string, unknown>): Promise<AgentTest> {
  const res = await c.post("/api/agent-tests", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AgentTest;
}
const messagesOf = (res: { json(): unknown }) =>
  ((res.json() as { issues?: { message: string }[] }).issues ?? []).map((issue) => issue.message);

async function activeAgent(c: TestClient, fields: Record<string, unknown>) {
  const agent = (await c.post("/api/ai-agents", fields)).json();
  await c.post(`/api/ai-agents/${agent.id}/toggle`);
  return agent as { id: string; name: string };
}

describe("agent test cases", () => {
  it("runs the issue's example: no internet since yesterday goes to support, no transfer", async () => {
    const c = await buildWorkspace(t);
    await activeAgent(c, { name: "Sam", specialization: "sales", keywords: "pricing, quote" });
    const support = await activeAgent(c, {
      name: "Sue",
      specialization: "support",
      keywords: "internet, connection",
    });
    const testCase = await createCase(c, {
      name: "No internet",
      turns: "I have no internet since yesterday",
      expectedAgentId: support.id,
      expectedClassification: "support",
      expectTransfer: false,
    });
    expect(testCase).toMatchObject({
      turns: ["I have no internet since yesterday"],
      direction: "inbound",
      lastRun: null,
      templateId: null,
    });
    const run = await c.post(`/api/agent-tests/${testCase.id}/run`);
    expect(run.statusCode).toBe(200);
    const body = run.json() as AgentTestRunResponse;
    expect(body).toMatchObject({ passed: 1, failed: 0 });
    expect(body.results[0]).toMatchObject({
      caseId: testCase.id,
      passed: true,
      failures: [],
      actual: { agent: { id: support.id, name: "Sue" }, classification: "support", transfer: false },
    });
    expect(body.results[0]?.actual.response).toBeTruthy();
    const saved = (await c.get(`/api/agent-tests/${testCase.id}`)).json() as AgentTest;
    expect(saved.lastRun).toMatchObject({ passed: true, failures: [] });
  });

  it("fails a case whose expectations do not hold, saying what happened instead", async () => {
    const c = await buildWorkspace(t);
    const sales = await activeAgent(c, { name: "Sam", specialization: "sales", keywords: "pricing" });
    await c.post("/api/ai-scripts", {
      name: "Desk",
      isDefault: true,
      transferRules: { keywords: "manager" },
    });
    const wrong = await createCase(c, {
      name: "Expects sales, gets support",
      turns: ["Hello", "My internet connection keeps dropping"],
      expectedAgentId: sales.id,
      expectedClassification: "sales",
      expectTransfer: true,
    });
    const right = await createCase(c, {
      name: "Manager",
      turns: ["Let me talk to your manager"],
      expectTransfer: true,
    });
    const run = (await c.post("/api/agent-tests/run", {})).json() as AgentTestRunResponse;
    expect(run).toMatchObject({ passed: 1, failed: 1 });
    const failed = run.results.find((r) => r.caseId === wrong.id);
    expect(failed?.passed).toBe(false);
    expect(failed?.failures).toEqual([
      "Expected the call to reach the expected agent, but no agent answered",
      "Expected classification sales, got support",
      "Expected a transfer, but the call was not transferred",
    ]);
    expect(failed?.actual.turns.map((turn) => turn.caller)).toEqual([
      "Hello",
      "My internet connection keeps dropping",
    ]);
    expect(run.results.find((r) => r.caseId === right.id)).toMatchObject({
      passed: true,
      actual: { transfer: true },
    });
    const list = (await c.get("/api/agent-tests")).json() as AgentTest[];
    expect(list.map((test) => test.lastRun?.passed)).toEqual([false, true]);
  });

  it("validates cases with the messages a person can act on", async () => {
    const c = await buildWorkspace(t);
    for (const [body, message] of [
      [{ turns: ["hi"], expectTransfer: false }, TEST_CASE_NAME_REQUIRED],
      [{ name: "T", turns: [], expectTransfer: false }, TEST_TURNS_REQUIRED],
      [{ name: "T", turns: "  \n ", expectTransfer: false }, TEST_TURNS_REQUIRED],
      [{ name: "T", turns: ["hi"] }, TEST_EXPECTATION_REQUIRED],
      [
        { name: "T", turns: ["hi"], expectedClassification: "gossip" },
        "Expected classification must be among spam, sales, appointment, support, important, legitimate",
      ],
    ] as const) {
      const res = await c.post("/api/agent-tests", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(messagesOf(res)).toContain(message);
    }
    const testCase = await createCase(c, { name: "T", turns: ["hi"], expectTransfer: false });
    const cleared = await c.put(`/api/agent-tests/${testCase.id}`, { expectTransfer: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe(TEST_EXPECTATION_REQUIRED);
    const renamed = await c.put(`/api/agent-tests/${testCase.id}`, { name: "Renamed", turns: "one\ntwo" });
    expect(renamed.json()).toMatchObject({ name: "Renamed", turns: ["one", "two"] });
    expect((await c.delete(`/api/agent-tests/${testCase.id}`)).json()).toEqual({
      deleted: true,
      id: testCase.id,
    });
    expect((await c.get("/api/agent-tests")).json()).toEqual([]);
  });

  it("keeps another workspace's cases, agents and scripts out", async () => {
    const owner = await buildWorkspace(t);
    const intruder = await buildWorkspace(t);
    const theirAgent = await activeAgent(owner, { name: "Theirs" });
    const theirScript = (await owner.post("/api/ai-scripts", { name: "Theirs" })).json();
    const testCase = await createCase(owner, { name: "Mine", turns: ["hi"], expectTransfer: false });
    expect((await intruder.get(`/api/agent-tests/${testCase.id}`)).statusCode).toBe(404);
    expect((await intruder.put(`/api/agent-tests/${testCase.id}`, { name: "X" })).statusCode).toBe(404);
    expect((await intruder.delete(`/api/agent-tests/${testCase.id}`)).statusCode).toBe(404);
    const runForeign = await intruder.post("/api/agent-tests/run", { ids: [testCase.id] });
    expect(runForeign.statusCode).toBe(404);
    expect(runForeign.json().message).toBe(TEST_CASE_NOT_FOUND);
    expect((await intruder.post(`/api/agent-tests/${testCase.id}/run`)).statusCode).toBe(404);
    expect(
      (await intruder.post("/api/agent-tests", { name: "X", turns: ["hi"], expectedAgentId: theirAgent.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await intruder.post("/api/agent-tests", {
          name: "X",
          turns: ["hi"],
          expectTransfer: false,
          scriptId: theirScript.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await intruder.post("/api/agent-tests/run", {})).json()).toMatchObject({
      results: [],
      passed: 0,
      failed: 0,
    });
  });

  it("lets members run cases and only admins change them", async () => {
    const owner = await buildWorkspace(t);
    const testCase = await createCase(owner, { name: "Mine", turns: ["hi"], expectTransfer: false });
    const member = await buildMember(t, owner, "agent");
    expect((await member.post("/api/agent-tests/run", {})).statusCode).toBe(200);
    for (const res of [
      await member.post("/api/agent-tests", { name: "X", turns: ["hi"], expectTransfer: false }),
      await member.put(`/api/agent-tests/${testCase.id}`, { name: "X" }),
      await member.delete(`/api/agent-tests/${testCase.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain("admin");
    }
  });
});
