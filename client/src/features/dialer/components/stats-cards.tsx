import type { CampaignStats } from "@common/dialer";
import { Activity, Gauge, PhoneCall, PhoneOutgoing } from "lucide-react";
import type * as React from "react";
import { Card, CardContent } from "../../../components/ui/card";
import { percent } from "../labels";

type Stat = {
  key: "dialedToday" | "connectedToday" | "contactRate" | "callsPerHour";
  label: string;
  hint: string;
  icon: React.ElementType;
  value: (stats: CampaignStats) => string;
};

const STATS: Stat[] = [
  {
    key: "dialedToday",
    label: "Dialed Today",
    hint: "Numbers dialled since midnight",
    icon: PhoneOutgoing,
    value: (s) => s.dialedToday.toLocaleString(),
  },
  {
    key: "connectedToday",
    label: "Connected Today",
    hint: "Answered by a person",
    icon: PhoneCall,
    value: (s) => s.connectedToday.toLocaleString(),
  },
  {
    key: "contactRate",
    label: "Contact Rate",
    hint: "Connected over dialled, today",
    icon: Activity,
    value: (s) => percent(s.contactRate),
  },
  {
    key: "callsPerHour",
    label: "Calls / Hour",
    hint: "Dialled in the last 60 minutes",
    icon: Gauge,
    value: (s) => s.callsPerHour.toLocaleString(),
  },
];

/** Campaign stats, computed by the server from the campaign's dial attempts. */
export function DialerStatsCards({
  stats,
  failed,
  campaignName,
}: {
  stats: CampaignStats | undefined;
  failed: boolean;
  campaignName: string | null;
}) {
  return (
    <section
      aria-label={campaignName ? `Stats of ${campaignName}` : "Campaign stats"}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      {STATS.map((stat) => (
        <Card key={stat.key} className="min-w-0">
          <CardContent className="flex items-start justify-between gap-2 p-4">
            <div className="min-w-0">
              <p className="text-xs font-medium text-muted-foreground">{stat.label}</p>
              <p className="text-2xl font-bold tabular-nums" data-testid={`stat-${stat.key}`}>
                {stats ? stat.value(stats) : failed || !campaignName ? "–" : "..."}
              </p>
              <p className="text-xs text-muted-foreground">{stat.hint}</p>
            </div>
            <stat.icon className="size-5 shrink-0 text-primary" aria-hidden />
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
