import type { ReportFigures } from "@common/reports";
import { Card, CardContent } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { formatCount, formatRate, formatSeconds } from "../report-format";

/** The 3% rule: above it a campaign may not dial predictively. */
const ABANDON_CEILING = 3;

function Figure({
  label,
  value,
  hint,
  tone,
}: {
  label: string;
  value: string;
  hint?: string | undefined;
  tone?: "warning" | undefined;
}) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-4">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p
          className={cn("text-2xl font-bold tabular-nums", tone === "warning" && "text-destructive")}
          data-testid={`figure-${label.toLowerCase().replace(/\W+/g, "-")}`}
        >
          {value}
        </p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}

/** The range's figures for the whole workspace (or the one campaign chosen). */
export function SummaryCards({ totals }: { totals: ReportFigures }) {
  const last30 = totals.last30Days;
  return (
    <section aria-label="Figures for the range" className="grid grid-cols-2 gap-3 xl:grid-cols-5">
      <Figure
        label="Calls"
        value={formatCount(totals.calls)}
        hint={`${formatCount(totals.dials)} dialled, ${formatCount(totals.inbound)} in`}
      />
      <Figure
        label="Contact rate"
        value={formatRate(totals.contactRate)}
        hint={`${formatCount(totals.contacts)} of ${formatCount(totals.dials)} dials answered by a person`}
      />
      <Figure label="Connects" value={formatCount(totals.connects)} hint="Calls an agent talked on" />
      <Figure
        label="Conversions"
        value={formatCount(totals.conversions)}
        hint={`${formatRate(totals.conversionRate)} of connects: sales, bookings, interested, qualified`}
      />
      <Figure
        label="Calls per hour"
        value={String(totals.callsPerHour)}
        hint={`Over ${totals.activeHours} ${totals.activeHours === 1 ? "hour" : "hours"} with calls`}
      />
      <Figure
        label="Talk time"
        value={formatSeconds(totals.talkSeconds)}
        hint={`${formatSeconds(totals.avgTalkSeconds)} a connect on average`}
      />
      <Figure
        label="Average wait"
        value={formatSeconds(totals.avgWaitSeconds)}
        hint="From a person answering to an agent"
      />
      <Figure
        label="Average wrap-up"
        value={formatSeconds(totals.avgWrapUpSeconds)}
        hint="From a call's end to the rep's Ready (or the wrap-up time running out)"
      />
      <Figure
        label="Abandoned"
        value={formatCount(totals.abandoned)}
        hint={`${formatRate(totals.abandonmentRate)} of calls a person answered in the range`}
      />
      <Figure
        label="Abandonment, 30 days"
        value={last30 ? formatRate(last30.ratePercent) : "–"}
        hint={
          last30
            ? `${formatCount(last30.abandoned)} of ${formatCount(last30.answeredByPerson)} answered by a person; the limit is ${ABANDON_CEILING}%`
            : undefined
        }
        tone={last30 && last30.ratePercent > ABANDON_CEILING ? "warning" : undefined}
      />
    </section>
  );
}
