import type { Abandonment, AbandonmentFigure } from "@common/dialer";
import { AlertTriangle } from "lucide-react";
import { cn } from "../../../lib/cn";
import { abandonmentLevel } from "../abandonment-level";
import { percent, plural } from "../labels";

const PERIODS: { key: "today" | "last30Days" | "campaign"; label: string }[] = [
  { key: "today", label: "Today" },
  { key: "last30Days", label: "30 days" },
  { key: "campaign", label: "Campaign" },
];

/**
 * The abandonment rate (calls answered by a person that got no agent within 2 seconds, over all
 * calls a person answered) for today, the rolling 30 days and the campaign so far, against the
 * campaign's target and the 3% legal ceiling; a warning as it nears the ceiling.
 */
export function AbandonmentFigures({ abandonment }: { abandonment: Abandonment }) {
  const level = (figure: AbandonmentFigure) =>
    figure.ratePercent >= abandonment.ceilingPercent
      ? "text-destructive"
      : figure.ratePercent > abandonment.targetPercent
        ? "text-amber-700"
        : "text-foreground";
  const { worstPercent: worst, level: warning } = abandonmentLevel(abandonment);
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-3 gap-2 text-center" aria-label="Abandonment rate">
        {PERIODS.map(({ key, label }) => {
          const figure = abandonment[key];
          return (
            <div key={key} className="rounded-md bg-muted/50 px-2 py-1.5">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd
                className={cn("font-semibold tabular-nums", level(figure))}
                data-testid={`abandon-${key}`}
                title={`${plural(figure.abandoned, "abandoned call")} of ${plural(figure.answeredByPerson, "call")} answered by a person`}
              >
                {percent(figure.ratePercent)}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="text-xs text-muted-foreground">
        Abandoned calls: target {percent(abandonment.targetPercent)}, legal ceiling{" "}
        {percent(abandonment.ceilingPercent)} of calls answered by a person.
      </p>
      {warning !== "ok" ? (
        <p
          role="alert"
          className={cn(
            "flex items-start gap-2 rounded-md border p-2 text-sm",
            warning === "over"
              ? "border-destructive/40 bg-destructive/10 text-destructive"
              : "border-amber-300 bg-amber-50 text-amber-900",
          )}
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {warning === "over"
            ? `Abandonment has reached ${percent(worst)}, at or over the ${percent(abandonment.ceilingPercent)} ceiling: the campaign dials progressively (one line per free agent).`
            : `Abandonment is ${percent(worst)}, nearing the ${percent(abandonment.ceilingPercent)} ceiling. Add agents or lower the dial ratio.`}
        </p>
      ) : null}
    </div>
  );
}
