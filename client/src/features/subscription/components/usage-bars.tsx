import type { LIMIT_KEYS, LimitKey, SubscriptionResponse } from "@common/billing";
import { UNLIMITED, usagePercent } from "@common/plans";
import { Progress } from "../../../components/ui/progress";
import { formatDateTime } from "../../../lib/format";

const BARS: {
  key: LimitKey;
  label: string;
  used: "callMinutesUsed" | "callsScreened" | "transcriptionsUsed";
}[] = [
  { key: "monthlyMinutes", label: "Call Minutes", used: "callMinutesUsed" },
  { key: "callScreeningLimit", label: "Calls Screened", used: "callsScreened" },
  { key: "transcriptionLimit", label: "Transcriptions", used: "transcriptionsUsed" },
];

const number = (value: number) => value.toLocaleString("en-US");

/** Usage against the plan's limits; -1 reads Unlimited, the bar stops at 100%. */
export function UsageBars({ data, timeZone }: { data: SubscriptionResponse; timeZone: string }) {
  return (
    <div className="grid gap-4">
      {BARS.map((bar) => {
        const limit = data.planFeatures[bar.key];
        const used = data.usage[bar.used];
        const unlimited = limit === UNLIMITED;
        const percent = usagePercent(used, limit);
        const reached = data.limitsReached.includes(bar.key);
        const id = `usage-${bar.key}`;
        return (
          <div key={bar.key} className="grid gap-1.5" data-testid={id}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span id={`${id}-label`} className="font-medium">
                {bar.label}
              </span>
              <span className={reached ? "font-semibold text-destructive" : "text-muted-foreground"}>
                {number(used)} / {unlimited ? "Unlimited" : number(limit)}
                {unlimited ? null : ` (${percent}%)`}
              </span>
            </div>
            <Progress
              value={unlimited ? 0 : percent}
              aria-labelledby={`${id}-label`}
              aria-valuetext={
                unlimited
                  ? `${number(used)} used, unlimited`
                  : `${number(used)} of ${number(limit)}, ${percent}%`
              }
              indicatorClassName={reached ? "bg-destructive" : percent >= 80 ? "bg-amber-500" : undefined}
            />
          </div>
        );
      })}
      <p className="text-xs text-muted-foreground">
        {number(data.usage.appointmentsScheduled)} appointments booked this month. Usage starts again on{" "}
        {formatDateTime(data.usage.resetsAt, timeZone, "MMMM d")}.
      </p>
    </div>
  );
}

export const LIMIT_LABELS: Record<(typeof LIMIT_KEYS)[number], string> = {
  monthlyMinutes: "call minutes",
  callScreeningLimit: "screened calls",
  transcriptionLimit: "transcriptions",
};
