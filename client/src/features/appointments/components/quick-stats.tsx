import type { AppointmentSummary } from "@common/appointments";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

/** Quick Stats, counted by the server in the account's time zone; "..." while loading. */
export function QuickStats({ summary }: { summary: AppointmentSummary | undefined }) {
  const rows = [
    { label: "This Week", value: summary?.thisWeek },
    { label: "This Month", value: summary?.thisMonth },
    { label: "Completed", value: summary?.completed },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Quick Stats</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="text-lg font-semibold" data-testid={`stat-${row.label}`}>
                {row.value ?? "..."}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
