import { type AgentTest, AgentTestCreate, type CallDirection } from "@common/agents";
import type { Classification } from "@common/calls";

/** A test case's form: caller turns one a line; "" means "not checked". */
export type TestCaseFormState = {
  name: string;
  turns: string;
  expectedAgentId: string;
  expectedClassification: "" | Classification;
  expectTransfer: "" | "yes" | "no";
  scriptId: string;
  direction: CallDirection;
};

export function testCaseFormState(test: AgentTest | null): TestCaseFormState {
  return {
    name: test?.name ?? "",
    turns: test?.turns.join("\n") ?? "",
    expectedAgentId: test?.expectedAgentId ?? "",
    expectedClassification: test?.expectedClassification ?? "",
    expectTransfer: test?.expectTransfer === null || !test ? "" : test.expectTransfer ? "yes" : "no",
    scriptId: test?.scriptId ?? "",
    direction: test?.direction ?? "inbound",
  };
}

export function testCaseBody(form: TestCaseFormState) {
  return {
    name: form.name,
    turns: form.turns,
    expectedAgentId: form.expectedAgentId || null,
    expectedClassification: form.expectedClassification || null,
    expectTransfer: form.expectTransfer === "" ? null : form.expectTransfer === "yes",
    scriptId: form.scriptId || null,
    direction: form.direction,
  } satisfies AgentTestCreate;
}

/** Checks with the shared contract: the body, or the first message per field. */
export function checkTestCase(
  form: TestCaseFormState,
): { ok: true; body: ReturnType<typeof testCaseBody> } | { ok: false; errors: Record<string, string> } {
  const body = testCaseBody(form);
  const parsed = AgentTestCreate.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path.find((part) => typeof part === "string") ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The server's 400 issues by top-level field. */
export function serverErrors(error: unknown): Record<string, string> {
  const body = (error as { body?: unknown } | undefined)?.body;
  const issues = (body as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return {};
  const errors: Record<string, string> = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path !== "string" || typeof issue.message !== "string") continue;
    errors[issue.path.split(".")[0] || "form"] ??= issue.message;
  }
  return errors;
}
