import type { EnterpriseCallStats } from "@common/enterprise";
import { PhoneCall } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { StatCard } from "./stat-card";

const STATUS_LABELS: Record<string, string> = {
  in_progress: "Live",
  on_hold: "On hold",
  ringing: "Ringing",
  pending: "Connecting",
};

/**
 * Live Calls: activeCalls and the list of calls in progress (id, phone number, status,
 * start time), from GET /api/enterprise/call-stats; the page polls it every 5 s while Live.
 */
export function LiveCallsTab({
  stats,
  timeZone,
  live,
}: {
  stats: EnterpriseCallStats | undefined;
  timeZone: string;
  live: boolean;
}) {
  if (!stats)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading live calls...
      </p>
    );
  const { realTime } = stats;
  const asOf = new Date(realTime.timestamp).getTime();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <StatCard label="Active Calls" value={String(realTime.activeCalls)} />
        <StatCard
          label="Last Updated"
          value={formatDateTime(realTime.timestamp, timeZone, "h:mm:ss a")}
          hint={live ? "Refreshes every 5 seconds" : "Paused: press Live or Refresh to update"}
        />
      </div>
      <Card>
        <CardHeader>
          <h2 className="flex items-center gap-2 font-semibold">
            <PhoneCall className="size-5" aria-hidden /> Calls in progress
          </h2>
          <CardDescription>
            {realTime.activeCalls > realTime.callDetails.length
              ? `The newest ${realTime.callDetails.length} of ${realTime.activeCalls} calls.`
              : "Every call your workspace has in progress now."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {realTime.callDetails.length === 0 ? (
            <p className="text-sm text-muted-foreground">No calls in progress right now.</p>
          ) : (
            // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
            <section className="overflow-x-auto" aria-label="Calls in progress, scrollable" tabIndex={0}>
              <table className="w-full text-sm" aria-label="Calls in progress">
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th className="py-2 pr-3 font-medium">Call</th>
                    <th className="py-2 pr-3 font-medium">Phone number</th>
                    <th className="py-2 pr-3 font-medium">Status</th>
                    <th className="py-2 pr-3 font-medium">Started</th>
                    <th className="py-2 font-medium">Duration</th>
                  </tr>
                </thead>
                <tbody>
                  {realTime.callDetails.map((call) => (
                    <tr key={call.id} className="border-b last:border-0">
                      <td className="py-2 pr-3 font-mono text-xs" title={call.id}>
                        {call.id.slice(0, 8)}
                      </td>
                      <td className="py-2 pr-3">
                        <span className="font-mono">{call.phoneNumber}</span>
                        {call.callerName ? (
                          <span className="block text-xs text-muted-foreground">{call.callerName}</span>
                        ) : null}
                      </td>
                      <td className="py-2 pr-3">
                        <Badge variant={call.status === "in_progress" ? "success" : "secondary"}>
                          {STATUS_LABELS[call.status] ?? call.status}
                        </Badge>
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">
                        {formatDateTime(call.startTime, timeZone)}
                      </td>
                      <td className="py-2 font-mono">
                        {formatDuration((asOf - new Date(call.startTime).getTime()) / 1000)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
