import type { Appointment } from "@common/appointments";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { quickStats } from "../appointment-time";

/** Spec 1 §2.11 Quick Stats, in the account's time zone. */
export function QuickStats({
  appointments,
  timeZone,
  loading,
}: {
  appointments: Appointment[];
  timeZone: string;
  loading: boolean;
}) {
  const stats = quickStats(appointments, new Date(), timeZone);
  const rows = [
    { label: "This Week", value: stats.thisWeek },
    { label: "This Month", value: stats.thisMonth },
    { label: "Completed", value: stats.completed },
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
                {loading ? "..." : row.value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
