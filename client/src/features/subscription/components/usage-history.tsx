import type { SubscriptionResponse } from "@common/billing";
import { listNames, plansWith } from "@common/plans";
import { BarChart3 } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { isPlanRefusal, UpgradeRequired } from "../../../components/upgrade-required";
import { useUsageHistory } from "../api/get-usage-history";

const INCLUDED_IN = listNames(
  plansWith("advancedAnalytics").map((plan) => plan.name),
  "and",
);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Advanced analytics (pro and the plans above it): usage month by month, with bars to compare. */
export function UsageHistory({ data }: { data: SubscriptionResponse }) {
  const allowed = data.access.advancedAnalytics;
  const history = useUsageHistory(allowed);
  if (!allowed || isPlanRefusal(history.error)) {
    return (
      <UpgradeRequired
        headingLevel={2}
        title="Advanced Analytics"
        description={`See your calls, minutes, transcriptions and bookings month by month on the ${INCLUDED_IN} plans.`}
        error={history.error}
        paymentsUnavailable={data.checkout.unavailable}
      />
    );
  }
  const months = history.data?.months ?? [];
  const peak = Math.max(1, ...months.map((m) => m.callMinutesUsed));
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold leading-none tracking-tight">
          <BarChart3 className="size-5" aria-hidden />
          Usage History
        </h2>
        <CardDescription>Advanced analytics: the last 12 months with usage.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isLoading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Usage history could not be loaded.
          </p>
        ) : months.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No usage yet. Screened calls will show here by month.
          </p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">Usage by month</caption>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-2 font-medium">
                  Month
                </th>
                <th scope="col" className="py-2 font-medium">
                  Minutes
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Calls
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Transcriptions
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Appointments
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={`${m.year}-${m.month}`} className="border-b last:border-0">
                  <th scope="row" className="py-2 text-left font-normal">
                    {MONTHS[m.month - 1]} {m.year}
                  </th>
                  <td className="py-2">
                    <div className="flex items-center gap-2">
                      <div
                        className="h-2 rounded bg-primary"
                        style={{ width: `${Math.max(2, (m.callMinutesUsed / peak) * 120)}px` }}
                        aria-hidden
                      />
                      {m.callMinutesUsed}
                    </div>
                  </td>
                  <td className="py-2 text-right">{m.callsScreened}</td>
                  <td className="py-2 text-right">{m.transcriptionsUsed}</td>
                  <td className="py-2 text-right">{m.appointmentsScheduled}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
