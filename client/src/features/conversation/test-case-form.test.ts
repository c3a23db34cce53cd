import { AgentTestCreate } from "@common/agents";
import { describe, expect, it } from "vitest";
import { checkTestCase, testCaseFormState } from "./test-case-form";

describe("the test case form", () => {
  const agentId = "7f1c2f55-7a53-4a44-9d43-0f0b8f2a1b11";

  it("sends turns a line each, and only the expectations chosen", () => {
    const checked = checkTestCase({
      ...testCaseFormState(null),
      name: "No internet",
      turns: "Hello\n\n I have no internet since yesterday \n",
      expectedAgentId: agentId,
      expectTransfer: "no",
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(AgentTestCreate.parse(checked.body)).toMatchObject({
      turns: ["Hello", "I have no internet since yesterday"],
      expectedAgentId: agentId,
      expectedClassification: null,
      expectTransfer: false,
      scriptId: null,
      direction: "inbound",
    });
  });

  it("asks for a name, a turn and at least one expectation", () => {
    const checked = checkTestCase(testCaseFormState(null));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      name: "Test name is required",
      turns: "Add at least one caller turn",
    });
    const noExpectation = checkTestCase({ ...testCaseFormState(null), name: "x", turns: "hi" });
    expect(noExpectation.ok).toBe(false);
    if (!noExpectation.ok)
      expect(noExpectation.errors.expectTransfer).toBe(
        "Choose at least one expectation: the agent, the classification, or transfer or not",
      );
  });

  it("reads a saved case back", () => {
    const form = testCaseFormState({
      id: agentId,
      name: "Outage",
      turns: ["a", "b"],
      expectedAgentId: null,
      expectedClassification: "support",
      expectTransfer: true,
      scriptId: null,
      direction: "outbound",
      templateId: null,
      lastRun: null,
      createdAt: "",
      updatedAt: "",
    });
    expect(form).toEqual({
      name: "Outage",
      turns: "a\nb",
      expectedAgentId: "",
      expectedClassification: "support",
      expectTransfer: "yes",
      scriptId: "",
      direction: "outbound",
    });
  });
});
