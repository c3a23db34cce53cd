import { DISPOSITIONS, type Lead } from "@common/dialer";
import { formatDateTime } from "../../../lib/format";
import { leadName, plural } from "../labels";

/** What the agent needs to know about the person on the line. */
export function LeadDetails({ lead, timeZone }: { lead: Lead; timeZone: string }) {
  const rows: [string, string | null][] = [
    ["Name", [lead.firstName, lead.lastName].filter(Boolean).join(" ") || null],
    ["Phone", lead.phoneNumber],
    ["Company", lead.company],
    ["Email", lead.email],
    [
      "History",
      `${plural(lead.attempts, "attempt")}${lead.lastCallDate ? `, last ${formatDateTime(lead.lastCallDate, timeZone)}` : ""}${lead.disposition ? ` (${DISPOSITIONS[lead.disposition].label})` : ""}`,
    ],
    ["Time zone", lead.timeZone],
    ["Notes", lead.notes],
  ];
  return (
    <section aria-label={`Lead ${leadName(lead)}`} className="grid gap-2">
      <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd
                className="font-medium whitespace-pre-wrap wrap-anywhere"
                data-testid={`lead-${label.toLowerCase()}`}
              >
                {value}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
