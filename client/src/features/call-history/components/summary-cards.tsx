import type { CallListResponse } from "@common/calls";
import { Calendar, Clock, Headphones, PhoneCall, ShieldBan } from "lucide-react";
import type * as React from "react";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDuration } from "../../../lib/format";

type Summary = CallListResponse["summary"];

/** The five figures over all of the account's calls. */
export function SummaryCards({ summary }: { summary: Summary | undefined }) {
  const value = (n: number | undefined) => (n === undefined ? "..." : String(n));
  return (
    <section aria-label="Call summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <SummaryCard
        label="Total Calls"
        value={value(summary?.totalCalls)}
        icon={PhoneCall}
        tone="text-primary"
      />
      <SummaryCard
        label="Spam Blocked"
        value={value(summary?.spamBlocked)}
        icon={ShieldBan}
        tone="text-red-600"
      />
      <SummaryCard
        label="Appointments"
        value={value(summary?.appointmentsScheduled)}
        icon={Calendar}
        tone="text-blue-600"
      />
      <SummaryCard
        label="Support"
        value={value(summary?.supportResolved)}
        icon={Headphones}
        tone="text-amber-600"
      />
      <SummaryCard
        label="Avg Duration"
        value={summary ? formatDuration(summary.averageDuration) : "..."}
        icon={Clock}
        tone="text-green-600"
        className="col-span-2 sm:col-span-1"
      />
    </section>
  );
}

function SummaryCard({
  label,
  value,
  icon: Icon,
  tone,
  className,
}: {
  label: string;
  value: string;
  icon: React.ComponentType<{ className?: string }>;
  tone: string;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardContent className="flex items-center justify-between gap-2 p-4">
        <div className="min-w-0">
          <p className="truncate text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid={`summary-${label}`}>
            {value}
          </p>
        </div>
        <Icon className={`size-6 shrink-0 ${tone}`} aria-hidden />
      </CardContent>
    </Card>
  );
}
