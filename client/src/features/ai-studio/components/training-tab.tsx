import { GraduationCap } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { buttonVariants } from "../../../components/ui/button";
import { useAgentTests } from "../api/get-agent-tests";
import { Empty, LoadFailed, Loading } from "./states";

/**
 * Agent Training: the workspace's agent test cases (caller turns and what should happen), read
 * only, with their last run. They are written and run on Agent Tests, where this links.
 */
export function TrainingTab() {
  const tests = useAgentTests();
  const link = (
    <Link to="/agent-tests" className={buttonVariants({ variant: "outline" })}>
      Open Agent Tests
    </Link>
  );
  if (tests.isPending) return <Loading label="Loading agent tests" />;
  if (tests.isError)
    return <LoadFailed what="Your agent tests could not be loaded." onRetry={() => tests.refetch()} />;
  if (tests.data.length === 0)
    return (
      <Empty
        icon={<GraduationCap className="size-10 text-muted-foreground" aria-hidden />}
        title="No test cases yet"
      >
        <p className="max-w-md text-sm text-muted-foreground">
          Your assistant learns from your scripts, agents and flows. Test cases check it answers as you
          expect: write what a caller says and what should happen, then run them.
        </p>
        {link}
      </Empty>
    );
  const ran = tests.data.filter((test) => test.lastRun);
  const passed = ran.filter((test) => test.lastRun?.passed).length;
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {tests.data.length} test {tests.data.length === 1 ? "case" : "cases"}
          {ran.length ? `; at their last run ${passed} of ${ran.length} passed` : "; none has run yet"}.
        </p>
        {link}
      </div>
      <ul aria-label="Agent test cases" className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {tests.data.map((test) => (
          <li
            key={test.id}
            aria-labelledby={`test-${test.id}`}
            className="grid grid-cols-1 gap-2 rounded-lg border bg-card p-4 text-sm shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`test-${test.id}`} className="font-semibold wrap-anywhere">
                {test.name}
              </h2>
              {test.lastRun ? (
                <Badge variant={test.lastRun.passed ? "success" : "destructive"}>
                  {test.lastRun.passed ? "Passed" : "Failed"}
                </Badge>
              ) : (
                <Badge variant="outline">Not run</Badge>
              )}
            </div>
            <p className="wrap-anywhere text-muted-foreground">Caller: {test.turns.join(" / ")}</p>
            <p>
              Expects
              {[
                test.expectedClassification ? ` ${test.expectedClassification}` : "",
                test.expectTransfer === null ? "" : test.expectTransfer ? ", a transfer" : ", no transfer",
                test.expectedAgentId ? ", a chosen agent" : "",
              ].join("") || " nothing in particular"}
            </p>
            {test.lastRun && !test.lastRun.passed && test.lastRun.failures.length ? (
              <p className="wrap-anywhere text-destructive">{test.lastRun.failures.join(" ")}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
