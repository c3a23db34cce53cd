import type { LeadStats } from "@common/lead-generation";
import { CalendarClock, Megaphone, PlayCircle, UserPlus } from "lucide-react";
import type * as React from "react";
import { Card, CardContent } from "../../../components/ui/card";

const STATS: { key: keyof LeadStats; label: string; icon: React.ElementType }[] = [
  { key: "totalCampaigns", label: "Total Campaigns", icon: Megaphone },
  { key: "activeCampaigns", label: "Active Campaigns", icon: PlayCircle },
  { key: "totalLeadsGenerated", label: "Leads Generated", icon: UserPlus },
  { key: "recentLeads", label: "Last 7 Days", icon: CalendarClock },
];

/** "Lead stats": four cards the server counts from the workspace's rows. */
export function LeadStatsCards({ stats, failed }: { stats: LeadStats | undefined; failed: boolean }) {
  return (
    <section aria-label="Lead stats" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {STATS.map((stat) => (
        <Card key={stat.key} className="min-w-0">
          <CardContent className="flex items-start justify-between gap-2 p-4">
            <div className="min-w-0">
              <p className="text-xs font-medium text-muted-foreground">{stat.label}</p>
              <p className="text-2xl font-bold tabular-nums" data-testid={`stat-${stat.key}`}>
                {stats ? stats[stat.key].toLocaleString() : failed ? "–" : "..."}
              </p>
            </div>
            <stat.icon className="size-5 shrink-0 text-primary" aria-hidden />
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
