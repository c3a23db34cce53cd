import { Activity } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Progress } from "../../../components/ui/progress";
import { formatDuration } from "../../../lib/format";
import { usePerformanceMetrics } from "../api/get-performance-metrics";
import { Empty, LoadFailed, Loading } from "./states";

/** Performance: figures the server counts from the workspace's ended calls, over 7 or 30 days. */
export function PerformanceTab() {
  const metrics = usePerformanceMetrics();
  const [days, setDays] = useState<7 | 30>(7);
  if (metrics.isPending) return <Loading label="Loading performance figures" />;
  if (metrics.isError)
    return <LoadFailed what="The figures could not be loaded." onRetry={() => metrics.refetch()} />;
  const window = metrics.data.windows.find((w) => w.days === days) ?? metrics.data.windows[0];
  if (!window) return null;
  const top = Math.max(1, ...window.byClassification.map((row) => row.calls));
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">From your ended calls; test calls are left out.</p>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Period</legend>
          {([7, 30] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={days === value ? "default" : "outline"}
              aria-pressed={days === value}
              onClick={() => setDays(value)}
            >
              Last {value} days
            </Button>
          ))}
        </fieldset>
      </div>
      {window.calls === 0 ? (
        <Empty icon={<Activity className="size-10 text-muted-foreground" aria-hidden />} title="No calls yet">
          <p className="max-w-md text-sm text-muted-foreground">
            No call ended in the last {days} days. Figures appear here once your assistant has answered calls.
          </p>
        </Empty>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label="Calls" value={String(window.calls)} />
            <Figure
              label="Resolved by the assistant"
              value={window.resolutionRate === null ? "-" : `${window.resolutionRate}%`}
            />
            <Figure
              label="Transferred to a person"
              value={window.transferRate === null ? "-" : `${window.transferRate}%`}
            />
            <Figure
              label="Average length"
              value={
                window.averageDurationSeconds === null ? "-" : formatDuration(window.averageDurationSeconds)
              }
            />
          </dl>
          <Card>
            <CardHeader>
              <CardTitle>Calls by classification</CardTitle>
              <CardDescription>Last {days} days</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid grid-cols-1 gap-2 text-sm">
                {window.byClassification.map((row) => (
                  <li key={row.classification} className="grid grid-cols-[7rem_1fr_3rem] items-center gap-2">
                    <span className="capitalize">{row.classification}</span>
                    <Progress value={(row.calls / top) * 100} aria-label={`${row.classification} calls`} />
                    <span className="text-right tabular-nums">{row.calls}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </>
      )}
      {metrics.data.notShown.map((note) => (
        <p key={note} className="text-xs text-muted-foreground">
          {note}
        </p>
      ))}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border bg-card p-4 shadow-sm">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
