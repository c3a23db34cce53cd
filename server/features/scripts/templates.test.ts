import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentTestRunResponse } from "../../../common/agents";
import { createTestApp, type TestApp } from "../../test/app";
import { buildWorkspace, type SignedInClient } from "../../test/factories";
import { TEMPLATES } from "./templates";

/**
 * Every shipped template's test cases, run through the real engine as a workspace gets them:
 * a script made from the template (the default), its cases added to the agent tests, the suite
 * run over HTTP. A template whose behaviour drifts from its cases fails here, in CI.
 */
let t: TestApp;
let owner: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildWorkspace(t);
  const cell = await owner.put("/api/user/profile", { cellphoneNumber: "+15551239876" });
  expect(cell.statusCode).toBe(200);
});
afterAll(() => t.close());

describe("the template catalogue", () => {
  it("ships at least eight complete templates for small-business calls", () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(8);
    for (const template of TEMPLATES) {
      const data = template.templateData;
      expect(data.openingMessage.length, template.id).toBeGreaterThan(20);
      expect(data.conversationFlow.length, template.id).toBeGreaterThanOrEqual(3);
      expect(data.businessRules.length, template.id).toBeGreaterThanOrEqual(3);
      expect(data.transferRules.keywords.length, template.id).toBeGreaterThanOrEqual(3);
      expect(data.transferRules.minutes, template.id).toBeGreaterThan(0);
      expect(data.transferRules.conditions.length, template.id).toBeGreaterThan(0);
      expect(data.appointmentSettings.durationMinutes, template.id).toBeGreaterThan(0);
      expect(
        template.testCases.some((c) => c.expectTransfer === true),
        template.id,
      ).toBe(true);
      expect(
        template.testCases.some((c) => c.expectTransfer === false),
        template.id,
      ).toBe(true);
    }
    expect(new Set(TEMPLATES.map((template) => template.id)).size).toBe(TEMPLATES.length);
  });

  for (const template of TEMPLATES) {
    it(`${template.name}: its shipped cases pass`, async () => {
      const made = await owner.post(`/api/ai-scripts/from-template/${template.id}`, { isDefault: true });
      expect(made.statusCode).toBe(201);
      expect(made.json().testCasesAdded).toBe(template.testCases.length);
      const tests = (await owner.get("/api/agent-tests")).json() as { id: string; templateId: string }[];
      const ids = tests.filter((test) => test.templateId === template.id).map((test) => test.id);
      expect(ids).toHaveLength(template.testCases.length);
      const run = await owner.post("/api/agent-tests/run", { ids });
      expect(run.statusCode).toBe(200);
      const body = run.json() as AgentTestRunResponse;
      const failures = body.results
        .filter((r) => !r.passed)
        .map((r) => ({ name: r.name, failures: r.failures, actual: r.actual }));
      expect(failures).toEqual([]);
      expect(body.passed).toBe(template.testCases.length);
    });
  }
});
