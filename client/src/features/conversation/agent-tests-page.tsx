import type { AgentTest, AgentTestResult, AgentTestRunResponse } from "@common/agents";
import {
  CheckCircle2,
  CircleDashed,
  FlaskConical,
  Pencil,
  Play,
  PlayCircle,
  Plus,
  RefreshCw,
  Trash2,
  XCircle,
} from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useAiAgents } from "../../lib/shared-api/get-ai-agents";
import { toast, toastError } from "../../lib/toast";
import { useDeleteAgentTest } from "./api/delete-agent-test";
import { useAgentTests } from "./api/get-agent-tests";
import { useRunAgentTests } from "./api/run-agent-tests";
import { TestCaseDialog } from "./components/test-case-dialog";

/**
 * Agent test suites: test cases of caller turns with the agent, classification
 * and transfer expected; run one or all and see each pass or fail with what actually happened.
 */
export function AgentTestsPage() {
  const tests = useAgentTests();
  const agents = useAiAgents();
  const { can } = useWorkspace();
  const manage = can("admin");
  const run = useRunAgentTests();
  const remove = useDeleteAgentTest();
  /** The latest result of each case run on this screen, by case id. */
  const [results, setResults] = useState<Record<string, AgentTestResult>>({});
  const [summary, setSummary] = useState<AgentTestRunResponse | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; test: AgentTest | null }>({
    open: false,
    test: null,
  });
  const [deleting, setDeleting] = useState<AgentTest | null>(null);

  const agentName = (id: string | null) =>
    id === null ? null : (agents.data?.find((agent) => agent.id === id)?.name ?? "a deleted agent");

  const runCases = (ids?: string[]) =>
    run.mutate(ids ? { ids } : {}, {
      onSuccess: (outcome) => {
        setResults((current) => {
          const next = { ...current };
          for (const result of outcome.results) next[result.caseId] = result;
          return next;
        });
        if (!ids) setSummary(outcome);
        toast({
          title: outcome.failed ? "Tests failed" : "Tests passed",
          description: `${outcome.passed} passed, ${outcome.failed} failed in ${Math.round(outcome.durationMs)} ms.`,
          variant: outcome.failed ? "destructive" : "default",
        });
      },
      onError: (error) => toastError("Error", "The tests could not be run", error),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: "Test case deleted", description: `${deleting.name} was deleted.` });
        setDeleting(null);
      },
      onError: (error) => {
        toastError("Error", "Failed to delete the test case", error);
        setDeleting(null);
      },
    });
  };

  const list = tests.data ?? [];
  const running = (id: string) =>
    run.isPending && (run.variables?.ids === undefined || run.variables.ids.includes(id));

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Agent Tests</h1>
          <p className="text-muted-foreground">
            Check that callers reach the right agent, every time you change one
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {manage ? (
            <Button variant="outline" onClick={() => setDialog({ open: true, test: null })}>
              <Plus aria-hidden /> New Test Case
            </Button>
          ) : null}
          <Button onClick={() => runCases()} disabled={run.isPending || list.length === 0}>
            <PlayCircle aria-hidden /> {run.isPending && !run.variables?.ids ? "Running..." : "Run All"}
          </Button>
        </div>
      </div>

      {summary ? (
        <p
          role="status"
          className={`rounded-md border p-3 text-sm ${summary.failed ? "border-destructive/40 bg-destructive/5" : "border-green-300 bg-green-50 text-green-900"}`}
          data-testid="run-summary"
        >
          {summary.passed} passed, {summary.failed} failed, in {Math.round(summary.durationMs)} ms.
        </p>
      ) : null}

      {tests.isPending ? (
        <div role="status" aria-label="Loading test cases" className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-24 animate-pulse rounded-lg bg-muted" />
          ))}
          <span className="sr-only">Loading test cases...</span>
        </div>
      ) : tests.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border py-10 text-center">
          <p className="font-semibold">The test cases could not be loaded.</p>
          <Button variant="outline" onClick={() => tests.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-12 text-center">
          <FlaskConical className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="font-semibold">No test cases yet</h2>
          <p className="max-w-md px-4 text-sm text-muted-foreground">
            Write what a caller says and which agent should answer. Scripts made from a template come with
            test cases of their own.
          </p>
          {manage ? (
            <Button onClick={() => setDialog({ open: true, test: null })}>
              <Plus aria-hidden /> New Test Case
            </Button>
          ) : null}
        </div>
      ) : (
        <ul aria-label="Test cases" className="grid gap-3">
          {list.map((test) => (
            <TestCaseRow
              key={test.id}
              test={test}
              result={results[test.id] ?? null}
              expectedAgent={agentName(test.expectedAgentId)}
              manage={manage}
              running={running(test.id)}
              disabled={run.isPending}
              onRun={() => runCases([test.id])}
              onEdit={() => setDialog({ open: true, test })}
              onDelete={() => setDeleting(test)}
            />
          ))}
        </ul>
      )}

      <TestCaseDialog
        open={dialog.open}
        test={dialog.test}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open || remove.isPending ? undefined : setDeleting(null))}
        title="Delete this test case?"
        description={deleting ? `${deleting.name} will be deleted.` : null}
        keepLabel="Keep Test Case"
        confirmLabel="Delete Test Case"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function TestCaseRow({
  test,
  result,
  expectedAgent,
  manage,
  running,
  disabled,
  onRun,
  onEdit,
  onDelete,
}: {
  test: AgentTest;
  result: AgentTestResult | null;
  expectedAgent: string | null;
  manage: boolean;
  running: boolean;
  disabled: boolean;
  onRun: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  // This screen's run, else the last one the server recorded.
  const outcome = result
    ? { passed: result.passed, failures: result.failures }
    : test.lastRun
      ? { passed: test.lastRun.passed, failures: test.lastRun.failures }
      : null;
  const expectations = [
    expectedAgent ? `agent ${expectedAgent}` : null,
    test.expectedClassification ? `classified ${test.expectedClassification}` : null,
    test.expectTransfer === null ? null : test.expectTransfer ? "transferred" : "not transferred",
  ].filter(Boolean);
  return (
    <li aria-label={test.name} data-testid="test-case" className="min-w-0">
      <Card className="min-w-0">
        <CardContent className="grid gap-3 p-4">
          <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
            <div className="grid min-w-0 gap-0.5">
              <h2 className="font-semibold wrap-anywhere">{test.name}</h2>
              <p className="text-xs text-muted-foreground wrap-anywhere">
                {test.direction === "inbound" ? "Inbound" : "Outbound"} · expects {expectations.join(", ")}
                {test.templateId ? " · from a template" : ""}
              </p>
            </div>
            <OutcomeBadge outcome={outcome} running={running} />
          </div>
          <ol aria-label="Caller turns" className="grid gap-1 text-sm">
            {test.turns.map((turn, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: turns are in order and may repeat
              <li key={index} className="wrap-anywhere">
                <span className="text-muted-foreground">Caller:</span> {turn}
              </li>
            ))}
          </ol>
          {outcome && !outcome.passed && outcome.failures.length ? (
            <ul aria-label="Why it failed" className="grid gap-1 text-sm text-destructive">
              {outcome.failures.map((failure) => (
                <li key={failure} className="wrap-anywhere">
                  {failure}
                </li>
              ))}
            </ul>
          ) : null}
          {result ? <ActualAnswer result={result} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={onRun}
              disabled={disabled}
              aria-label={`Run ${test.name}`}
            >
              <Play aria-hidden /> Run
            </Button>
            {manage ? (
              <>
                <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${test.name}`}>
                  <Pencil aria-hidden /> Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  className="text-destructive"
                  onClick={onDelete}
                  aria-label={`Delete ${test.name}`}
                >
                  <Trash2 aria-hidden /> Delete
                </Button>
              </>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

function OutcomeBadge({ outcome, running }: { outcome: { passed: boolean } | null; running: boolean }) {
  if (running)
    return (
      <Badge variant="secondary" data-testid="test-outcome">
        Running...
      </Badge>
    );
  if (!outcome)
    return (
      <Badge variant="outline" data-testid="test-outcome">
        <CircleDashed className="mr-1 size-3" aria-hidden /> Not run
      </Badge>
    );
  return outcome.passed ? (
    <Badge variant="success" data-testid="test-outcome">
      <CheckCircle2 className="mr-1 size-3" aria-hidden /> Passed
    </Badge>
  ) : (
    <Badge variant="destructive" data-testid="test-outcome">
      <XCircle className="mr-1 size-3" aria-hidden /> Failed
    </Badge>
  );
}

/** What the run actually saw: the agent, classification, transfer and last reply, then each turn. */
function ActualAnswer({ result }: { result: AgentTestResult }) {
  const { actual } = result;
  return (
    <details className="rounded-md bg-muted/60 p-3 text-sm" open={!result.passed}>
      <summary className="cursor-pointer font-medium">
        Actual: {actual.agent?.name ?? "no agent"}, {actual.classification ?? "not classified"},{" "}
        {actual.transfer ? "transferred" : "not transferred"}
      </summary>
      <div className="mt-2 grid gap-2" data-testid="actual-answer">
        {actual.response ? (
          <p className="wrap-anywhere">
            <span className="text-muted-foreground">Last reply:</span> {actual.response}
          </p>
        ) : null}
        <ol aria-label="Turns as run" className="grid gap-2">
          {actual.turns.map((turn, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: turns are in order and may repeat
            <li key={index} className="grid gap-0.5 border-l-2 pl-2">
              <span className="wrap-anywhere">
                <span className="text-muted-foreground">Caller:</span> {turn.caller}
              </span>
              <span className="wrap-anywhere">
                <span className="text-muted-foreground">{turn.agentName ?? "Assistant"}:</span>{" "}
                {turn.reply ?? "(no reply)"}
              </span>
              <span className="text-xs text-muted-foreground">
                {turn.classification}
                {turn.transfer ? ", transferred" : ""}
              </span>
            </li>
          ))}
        </ol>
        <p className="text-xs text-muted-foreground">Ran in {Math.round(result.durationMs)} ms.</p>
      </div>
    </details>
  );
}
