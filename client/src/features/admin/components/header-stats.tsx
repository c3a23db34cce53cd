import type { AdminStats } from "@common/admin";
import { Activity, PhoneCall, Users, Wallet } from "lucide-react";
import { useUser } from "../../../lib/auth/use-user";
import { formatMoney } from "../format";
import { HealthBadge } from "./health-badge";
import { StatCard } from "./stat-card";

/** The header's figures (admin stats), all counted on the server. */
export function HeaderStats({ stats }: { stats: AdminStats | undefined }) {
  const { user } = useUser();
  if (!stats)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading platform figures...
      </p>
    );
  return (
    <section aria-label="Platform figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Total Users"
        value={stats.totalUsers.toLocaleString("en-US")}
        hint={`${stats.activeUsers.toLocaleString("en-US")} active in the last 30 days`}
        icon={<Users className="size-4" aria-hidden />}
      />
      <StatCard
        label="Total Calls"
        value={stats.totalCalls.toLocaleString("en-US")}
        hint={`${stats.todaysCalls.toLocaleString("en-US")} today (since midnight, ${user?.timezone ?? "your time"})`}
        icon={<PhoneCall className="size-4" aria-hidden />}
      />
      <StatCard
        label="Revenue"
        value={formatMoney(stats.revenue / 100)}
        hint="A month, from active paid subscriptions"
        icon={<Wallet className="size-4" aria-hidden />}
      />
      <StatCard
        label="System Health"
        value={<HealthBadge health={stats.systemHealth} />}
        hint={`${stats.activeAgents} AI agents on, ${stats.campaignsRunning} campaigns running`}
        icon={<Activity className="size-4" aria-hidden />}
      />
    </section>
  );
}
