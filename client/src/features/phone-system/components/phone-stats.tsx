import { FETCH_ANALYTICS_FAILED, type PhoneAnalytics } from "@common/phone-system";
import { CheckCircle2, Clock, PhoneCall, PhoneMissed, TrendingUp, Voicemail } from "lucide-react";
import type * as React from "react";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDuration } from "../../../lib/format";

type Stat = {
  key: keyof PhoneAnalytics;
  label: string;
  hint: string;
  icon: React.ElementType;
  value: (analytics: PhoneAnalytics) => string;
};

const STATS: Stat[] = [
  {
    key: "totalCalls",
    label: "Total Calls",
    hint: "To your business numbers, 30 days",
    icon: PhoneCall,
    value: (a) => a.totalCalls.toLocaleString(),
  },
  {
    key: "completedCalls",
    label: "Completed",
    hint: "Answered by a person or an AI agent",
    icon: CheckCircle2,
    value: (a) => a.completedCalls.toLocaleString(),
  },
  {
    key: "missedCalls",
    label: "Missed",
    hint: "Nobody answered, no message left",
    icon: PhoneMissed,
    value: (a) => a.missedCalls.toLocaleString(),
  },
  {
    key: "voicemails",
    label: "Voicemails",
    hint: "Messages left",
    icon: Voicemail,
    value: (a) => a.voicemails.toLocaleString(),
  },
  {
    key: "averageDuration",
    label: "Avg Duration",
    hint: "Of answered calls, m:ss",
    icon: Clock,
    value: (a) => formatDuration(a.averageDuration),
  },
  {
    key: "conversionRate",
    label: "Conversion Rate",
    hint: "Callers now interested or won",
    icon: TrendingUp,
    value: (a) => `${Math.round(a.conversionRate * 10) / 10}%`,
  },
];

/** Phone analytics: six figures the server counts from the calls to the numbers. */
export function PhoneStats({
  analytics,
  failed,
}: {
  analytics: PhoneAnalytics | undefined;
  failed: boolean;
}) {
  return (
    <section aria-labelledby="phone-stats-title" className="grid gap-3">
      <h2 id="phone-stats-title" className="sr-only">
        Phone analytics
      </h2>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {FETCH_ANALYTICS_FAILED}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {STATS.map((stat) => (
          <Card key={stat.key} className="min-w-0">
            <CardContent className="flex items-start justify-between gap-2 p-4">
              <div className="min-w-0">
                <p className="text-xs font-medium text-muted-foreground">{stat.label}</p>
                <p className="text-2xl font-bold tabular-nums" data-testid={`stat-${stat.key}`}>
                  {analytics ? stat.value(analytics) : failed ? "–" : "..."}
                </p>
                <p className="text-xs text-muted-foreground">{stat.hint}</p>
              </div>
              <stat.icon className="size-5 shrink-0 text-primary" aria-hidden />
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
