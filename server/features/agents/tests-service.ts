import {
  type AgentTestResult,
  MAX_TEST_CASES,
  TEST_CASE_NOT_FOUND,
  TEST_EXPECTATION_REQUIRED,
  TEST_LIMIT_MESSAGE,
} from "../../../common/agents";
import type { Classification } from "../../../common/calls";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, Invalid, NotFound } from "../../domain/errors";
import { type ConversationDeps, openDialogue } from "./conversation";
import type { AgentService } from "./service";
import { type AgentTestRow, agentTestRepository, type NewAgentTest } from "./tests-repository";

export type { AgentTestRow };

type CaseFields = {
  name: string;
  turns: string[];
  expectedAgentId: string | null;
  expectedClassification: Classification | null;
  expectTransfer: boolean | null;
  scriptId: string | null;
  direction: "inbound" | "outbound";
};

type TemplateCase = {
  name: string;
  turns: readonly string[];
  expectedClassification: Classification | null;
  expectTransfer: boolean | null;
};

const caseNotFound = () => new NotFound(TEST_CASE_NOT_FOUND);

/**
 * One case through the assistant: every caller turn in order, then each expectation checked
 * against what happened (the agent of the last turn, the call's classification at the end,
 * whether any turn transferred). Nothing is written but the case's last run.
 */
export async function runCase(
  deps: ConversationDeps,
  account: Account,
  testCase: Pick<AgentTestRow, "id" | "name" | "turns" | "scriptId" | "direction"> & {
    expectedAgentId: string | null;
    expectedClassification: string | null;
    expectTransfer: boolean | null;
  },
): Promise<AgentTestResult> {
  const started = performance.now();
  const dialogue = await openDialogue(deps, account, {
    phoneNumber: "+15555550123",
    direction: testCase.direction === "outbound" ? "outbound" : "inbound",
    scriptId: testCase.scriptId,
  });
  const turns: AgentTestResult["actual"]["turns"] = [];
  let last: Awaited<ReturnType<typeof dialogue.hear>> | null = null;
  let transferred = false;
  for (const text of testCase.turns) {
    last = await dialogue.hear(text);
    const moved = Boolean(last.transfer);
    transferred ||= moved;
    turns.push({
      caller: text,
      reply: last.reply,
      agentName: last.agent?.name ?? null,
      classification: last.analysis.classification,
      transfer: moved,
    });
    if (last.ended) break;
  }
  const failures: string[] = [];
  const agent = last?.agent ?? null;
  if (testCase.expectedAgentId && agent?.id !== testCase.expectedAgentId) {
    failures.push(
      `Expected the call to reach the expected agent, but ${agent ? `${agent.name} answered` : "no agent answered"}`,
    );
  }
  const classification = last?.classification ?? null;
  if (testCase.expectedClassification && classification !== testCase.expectedClassification)
    failures.push(
      `Expected classification ${testCase.expectedClassification}, got ${classification ?? "none"}`,
    );
  if (testCase.expectTransfer !== null && transferred !== testCase.expectTransfer)
    failures.push(
      testCase.expectTransfer
        ? "Expected a transfer, but the call was not transferred"
        : "Expected no transfer, but the call was transferred",
    );
  if (!testCase.expectedAgentId && !testCase.expectedClassification && testCase.expectTransfer === null)
    failures.push(TEST_EXPECTATION_REQUIRED);
  return {
    caseId: testCase.id,
    name: testCase.name,
    passed: failures.length === 0,
    failures,
    actual: {
      greeting: dialogue.greeting(),
      agent: agent ? { id: agent.id, name: agent.name } : null,
      classification,
      transfer: transferred,
      response: last?.reply ?? null,
      turns,
    },
    durationMs: Math.round((performance.now() - started) * 100) / 100,
  };
}

/** Saved agent test cases: CRUD, the template's cases, and runs. */
export function agentTestService({
  db,
  agents,
  conversation,
}: {
  db: Db;
  agents: Pick<AgentService, "getAgent">;
  /** The assistant the cases run against (built after this service: the scripts need it first). */
  conversation: () => ConversationDeps;
}) {
  const repo = agentTestRepository(db);

  async function checkReferences(account: Account, fields: Partial<CaseFields>): Promise<void> {
    if (fields.expectedAgentId) await agents.getAgent(account, fields.expectedAgentId);
    if (fields.scriptId) {
      const script = await conversation().scripts.byId(account.id, fields.scriptId);
      if (!script) throw new NotFound("That script was not found");
    }
  }

  return {
    list: (account: Account) => repo.list(account.id),

    async get(account: Account, id: string): Promise<AgentTestRow> {
      const row = await repo.get(account.id, id);
      if (!row) throw caseNotFound();
      return row;
    },

    async create(account: Account, fields: CaseFields): Promise<AgentTestRow> {
      await checkReferences(account, fields);
      if ((await repo.count(account.id)) >= MAX_TEST_CASES) throw new Conflict(TEST_LIMIT_MESSAGE);
      const [row] = await repo.insert(account.id, [{ ...fields, templateId: null }]);
      if (!row) throw new Error("agent_tests insert returned nothing");
      return row;
    },

    async update(account: Account, id: string, body: Partial<CaseFields>): Promise<AgentTestRow> {
      const patch = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      ) as Partial<CaseFields>;
      await checkReferences(account, patch);
      const before = await repo.get(account.id, id);
      if (!before) throw caseNotFound();
      const after = { ...before, ...patch };
      if (!after.expectedAgentId && !after.expectedClassification && after.expectTransfer === null)
        throw new Invalid(TEST_EXPECTATION_REQUIRED);
      const row = await repo.update(account.id, id, patch);
      if (!row) throw caseNotFound();
      return row;
    },

    async remove(account: Account, id: string): Promise<AgentTestRow> {
      const row = await repo.remove(account.id, id);
      if (!row) throw caseNotFound();
      return row;
    },

    /** A template's cases as the workspace's tests, inside the caller's transaction (scripts' from-template). */
    async addFromTemplateIn(
      tx: Db,
      workspaceId: string,
      cases: readonly TemplateCase[],
      origin: { scriptId: string; templateId: string },
    ): Promise<number> {
      const tests = agentTestRepository(tx);
      const room = Math.max(0, MAX_TEST_CASES - (await tests.count(workspaceId)));
      const rows: NewAgentTest[] = cases.slice(0, room).map((testCase) => ({
        name: testCase.name,
        turns: [...testCase.turns],
        expectedAgentId: null,
        expectedClassification: testCase.expectedClassification,
        expectTransfer: testCase.expectTransfer,
        scriptId: origin.scriptId,
        direction: "inbound",
        templateId: origin.templateId,
      }));
      return (await tests.insert(workspaceId, rows)).length;
    },

    /** Runs the cases named (every case when none are), one after another, and keeps each one's outcome. */
    async run(account: Account, ids?: readonly string[]): Promise<AgentTestResult[]> {
      const rows = await repo.list(account.id, ids ? [...new Set(ids)] : undefined);
      if (ids && rows.length !== new Set(ids).size) throw caseNotFound();
      const results: AgentTestResult[] = [];
      for (const row of rows) {
        const result = await runCase(conversation(), account, row);
        results.push(result);
        await repo.setLastRun(account.id, row.id, {
          passed: result.passed,
          failures: result.failures,
          ranAt: new Date().toISOString(),
        });
      }
      return results;
    },
  };
}

export type AgentTestService = ReturnType<typeof agentTestService>;
