import type { ContactStats } from "@common/contacts";
import { Activity, PhoneCall, Sparkles, Star, Users } from "lucide-react";
import type * as React from "react";
import { Card, CardContent } from "../../../components/ui/card";

type Stat = {
  key: keyof ContactStats;
  label: string;
  icon: React.ElementType;
  value: (s: ContactStats) => string;
};

const STATS: Stat[] = [
  {
    key: "totalContacts",
    label: "Total Contacts",
    icon: Users,
    value: (s) => s.totalContacts.toLocaleString(),
  },
  { key: "newContacts", label: "New Contacts", icon: Sparkles, value: (s) => s.newContacts.toLocaleString() },
  {
    key: "contactedToday",
    label: "Contacted Today",
    icon: PhoneCall,
    value: (s) => s.contactedToday.toLocaleString(),
  },
  { key: "conversionRate", label: "Conversion Rate", icon: Activity, value: (s) => `${s.conversionRate}%` },
  { key: "avgLeadScore", label: "Avg Lead Score", icon: Star, value: (s) => String(s.avgLeadScore) },
];

/** "Contact stats": five cards computed by the server from the workspace's contacts. */
export function StatsCards({ stats, failed }: { stats: ContactStats | undefined; failed: boolean }) {
  return (
    <section aria-label="Contact stats" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      {STATS.map((stat) => (
        <Card key={stat.key} className="min-w-0">
          <CardContent className="flex items-start justify-between gap-2 p-4">
            <div className="min-w-0">
              <p className="text-xs font-medium text-muted-foreground">{stat.label}</p>
              <p className="text-2xl font-bold tabular-nums" data-testid={`stat-${stat.key}`}>
                {stats ? stat.value(stats) : failed ? "–" : "..."}
              </p>
              {stat.key === "totalContacts" && stats && stats.contactLimit !== -1 ? (
                <p className="text-xs text-muted-foreground">of {stats.contactLimit} on your plan</p>
              ) : null}
            </div>
            <stat.icon className="size-5 shrink-0 text-primary" aria-hidden />
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
