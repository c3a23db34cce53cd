import { ANALYTICS_RANGE_LABELS, ANALYTICS_RANGES, type AnalyticsRange } from "@common/enterprise";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../../components/ui/card";
import { useAnalytics } from "../api/get-analytics";
import { StatCard } from "./stat-card";

const CLASSIFICATION_LABELS: Record<string, string> = {
  spam: "Spam",
  sales: "Sales",
  appointment: "Appointment",
  support: "Support",
  important: "Important",
  legitimate: "Legitimate",
  unclassified: "Unclassified",
};

/**
 * Analytics: a time range of 24h, 7d or 30d and the figures computed from the
 * workspace's ended calls in it (GET /api/enterprise/analytics).
 */
export function AnalyticsTab({
  range,
  onRange,
  live,
}: {
  range: AnalyticsRange;
  onRange: (range: AnalyticsRange) => void;
  live: boolean;
}) {
  const query = useAnalytics(range, live);
  const data = query.data;
  const largest = data ? Math.max(1, ...Object.values(data.callsByClassification)) : 1;
  return (
    <div className="grid grid-cols-1 gap-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Time range</legend>
        {ANALYTICS_RANGES.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value === range ? "default" : "outline"}
            aria-pressed={value === range}
            onClick={() => onRange(value)}
          >
            {ANALYTICS_RANGE_LABELS[value]}
          </Button>
        ))}
      </fieldset>
      {query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The analytics could not be loaded. Press Refresh to try again.
        </p>
      ) : !data ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading analytics...
        </p>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <StatCard label="Total Calls" value={String(data.totalCalls)} />
            <StatCard label="Successful Calls" value={String(data.successfulCalls)} />
            <StatCard
              label="Success Rate"
              value={`${data.successRate}%`}
              hint="Ended calls the assistant handled to an outcome"
            />
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <StatCard
              label="Leads Generated"
              value={String(data.conversionMetrics.leadsGenerated)}
              hint="Sales calls and calls needing a follow-up"
            />
            <StatCard
              label="Appointments Scheduled"
              value={String(data.conversionMetrics.appointmentsScheduled)}
            />
            <StatCard label="Calls Transferred" value={String(data.conversionMetrics.callsTransferred)} />
          </div>
          <Card>
            <CardHeader>
              <h2 className="font-semibold">Calls by classification</h2>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2" aria-label="Calls by classification">
                {Object.entries(data.callsByClassification).map(([key, count]) => (
                  <li key={key} className="grid grid-cols-[8rem_1fr_3rem] items-center gap-3 text-sm">
                    <span>{CLASSIFICATION_LABELS[key] ?? key}</span>
                    <span className="h-2 rounded-full bg-muted" aria-hidden>
                      <span
                        className="block h-2 rounded-full bg-primary"
                        style={{ width: `${(count / largest) * 100}%` }}
                      />
                    </span>
                    <span className="text-right font-mono">{count}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
