import {
  BULK_DEMO_NUMBERS,
  SYSTEM_TEST_COUNT_MESSAGE,
  SYSTEM_TEST_DEFAULT,
  SYSTEM_TEST_MAX,
  SYSTEM_TEST_MIN,
  SYSTEM_TEST_TIMING,
  type SystemTestCall,
} from "@common/telephony";
import { FlaskConical, History, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { formatDuration } from "../../lib/format";
import { toast, toastError } from "../../lib/toast";
import { useSystemTestStats } from "./api/get-system-test-stats";
import { useStartSystemTest } from "./api/start-system-test";

/** Simulated concurrent calls through the carrier simulator, statistics every 2 s. */
export function CallSystemTestPage() {
  const stats = useSystemTestStats();
  const start = useStartSystemTest();
  const [count, setCount] = useState(String(SYSTEM_TEST_DEFAULT));
  const [countError, setCountError] = useState<string | undefined>();
  const data = stats.data;
  const running = Boolean(data && data.connecting + data.active > 0);

  const onStarted = (total: number) =>
    toast({
      title: "Test Started",
      description: `${total} simulated call${total === 1 ? "" : "s"} connecting.`,
    });
  const onFailed = (error: unknown) =>
    toastError("Simulation Failed", "Failed to start call simulation", error);

  return (
    // One column that may shrink below its content (grid-cols-1 is minmax(0, 1fr)): the calls
    // table scrolls inside its card instead of widening the page at 320 px.
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Call System Test</h1>
        <p className="text-sm text-muted-foreground">
          Run simulated calls at the same time through the built-in carrier and watch your assistant handle
          them.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Run a test</CardTitle>
          <CardDescription>
            Each call rings for {TIMING.ringFirst} seconds plus 1 second per call, is answered, talks for{" "}
            {TIMING.talkMin} to {TIMING.talkMax} seconds and hangs up. A call's duration is how long it
            talked; the test's time runs from the start until the last call hangs up.
          </CardDescription>
          <p className="text-sm text-muted-foreground">
            Test calls are kept in Call History under Test calls. They are left out of your dashboard and
            history figures and do not count against your plan.
          </p>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-wrap items-end gap-3"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const n = Number(count);
              if (!Number.isInteger(n) || n < SYSTEM_TEST_MIN || n > SYSTEM_TEST_MAX) {
                setCountError(SYSTEM_TEST_COUNT_MESSAGE);
                return;
              }
              setCountError(undefined);
              start.mutate({ count: n }, { onSuccess: (s) => onStarted(s.total), onError: onFailed });
            }}
          >
            <Field label="Concurrent calls" error={countError} className="w-44">
              {(p) => (
                <Input
                  {...p}
                  type="number"
                  min={SYSTEM_TEST_MIN}
                  max={SYSTEM_TEST_MAX}
                  step={1}
                  value={count}
                  onChange={(event) => setCount(event.target.value)}
                />
              )}
            </Field>
            <Button type="submit" disabled={start.isPending}>
              <FlaskConical /> {start.isPending ? "Starting..." : "Start Test"}
            </Button>
            <Button
              variant="secondary"
              disabled={start.isPending}
              onClick={() =>
                start.mutate(
                  { phoneNumbers: BULK_DEMO_NUMBERS },
                  { onSuccess: (s) => onStarted(s.total), onError: onFailed },
                )
              }
            >
              <Users /> Bulk Demo (5 numbers)
            </Button>
          </form>
        </CardContent>
      </Card>

      <section aria-labelledby="test-stats-title" className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="test-stats-title" className="text-lg font-semibold">
            Statistics
          </h2>
          {data?.runId ? (
            <Badge variant={running ? "destructive" : "secondary"} data-testid="test-elapsed">
              {running ? "Running" : "Finished"} · {formatDuration(data.elapsedSeconds)}
              <span className="sr-only"> since the test started</span>
            </Badge>
          ) : null}
        </div>
        {stats.isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : !data || data.total === 0 ? (
          <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">
            No test has run yet. Choose how many calls and start one.
          </p>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="test-stats">
              <Stat label="Total" value={data.total} />
              <Stat label="Connecting" value={data.connecting} />
              <Stat label="Active" value={data.active} />
              <Stat label="Completed" value={data.completed} />
              <Stat label="Failed" value={data.failed} />
              <Stat
                label="Avg duration"
                value={data.completed ? formatDuration(data.averageDuration) : "-"}
              />
            </div>
            <div
              className="h-2 overflow-hidden rounded-full bg-secondary"
              role="progressbar"
              aria-label="Calls completed"
              aria-valuemin={0}
              aria-valuemax={data.total}
              aria-valuenow={data.completed + data.failed}
            >
              <div
                className="h-full bg-primary transition-all"
                style={{ width: `${((data.completed + data.failed) / data.total) * 100}%` }}
              />
            </div>
            <Card>
              {/* Below 640 px the table leaves out the row number and shows the classification
                  under the state; narrower than about 340 px it scrolls inside its card, whose
                  box takes focus so that it can be scrolled with the arrow keys. */}
              <CardContent
                className="overflow-x-auto p-0"
                tabIndex={0}
                role="region"
                aria-label="Test calls table"
              >
                <table className="w-full text-sm" aria-label="Test calls">
                  <thead className="border-b text-left text-muted-foreground">
                    <tr>
                      <th className="hidden px-2 py-2 sm:table-cell sm:px-4 font-medium">#</th>
                      <th className="px-2 py-2 sm:px-4 font-medium">Phone number</th>
                      <th className="px-2 py-2 sm:px-4 font-medium">State</th>
                      <th className="px-2 py-2 sm:px-4 font-medium">Duration</th>
                      <th className="hidden px-2 py-2 sm:table-cell sm:px-4 font-medium">Classification</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {data.calls.map((call) => (
                      <tr key={call.callId}>
                        <td className="hidden px-2 py-2 sm:table-cell sm:px-4 tabular-nums">
                          {call.index + 1}
                        </td>
                        <td className="px-2 py-2 sm:px-4">{call.phoneNumber}</td>
                        <td className="px-2 py-2 sm:px-4">
                          <StateBadge state={call.state} />
                          {call.classification ? (
                            <span className="block pt-1 text-xs capitalize text-muted-foreground sm:hidden">
                              {call.classification}
                            </span>
                          ) : null}
                        </td>
                        <td className="px-2 py-2 sm:px-4 tabular-nums" data-testid="test-call-duration">
                          {call.state === "connecting" ? "-" : formatDuration(call.duration)}
                        </td>
                        <td className="hidden px-2 py-2 sm:table-cell sm:px-4 capitalize">
                          {call.classification ?? "-"}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </CardContent>
            </Card>
            <Button asChild variant="outline" className="h-auto justify-self-start whitespace-normal py-2">
              <Link to="/call-history?tests=only">
                <History aria-hidden /> See the test calls in Call History
              </Link>
            </Button>
          </>
        )}
      </section>
    </div>
  );
}

/** The page's words come from the same figures the server plans the calls with. */
const TIMING = {
  ringFirst: SYSTEM_TEST_TIMING.activeAfterMs(0) / 1000,
  talkMin: SYSTEM_TEST_TIMING.completeAfterMs[0] / 1000,
  talkMax: SYSTEM_TEST_TIMING.completeAfterMs[1] / 1000,
};

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold tabular-nums">{value}</p>
    </div>
  );
}

const STATE_BADGE: Record<
  SystemTestCall["state"],
  { label: string; variant: "secondary" | "destructive" | "success" | "warning" }
> = {
  connecting: { label: "Connecting", variant: "warning" },
  active: { label: "Active", variant: "destructive" },
  completed: { label: "Completed", variant: "success" },
  failed: { label: "Failed", variant: "secondary" },
};

function StateBadge({ state }: { state: SystemTestCall["state"] }) {
  const badge = STATE_BADGE[state];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
