import type { AdminStats, HealthCheck } from "@common/admin";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Progress } from "../../../components/ui/progress";
import { useUser } from "../../../lib/auth/use-user";
import { formatMoney } from "../format";
import { FETCH_FAILED } from "../messages";
import { HealthBadge } from "./health-badge";
import { StatCard } from "./stat-card";

const CHECK_NAMES: Record<HealthCheck["name"], string> = {
  database: "Database",
  jobQueue: "Job queue",
  diskSpace: "Disk space",
  errorRate: "Error rate",
};

/**
 * Analytics. The spec's panel shows fixed figures; this one shows the platform's own,
 * from GET /api/admin/stats, and the checks behind System Health.
 */
export function AnalyticsTab({ stats, failed }: { stats: AdminStats | undefined; failed: boolean }) {
  const { user } = useUser();
  if (failed)
    return (
      <p role="alert" className="text-sm text-destructive">
        {FETCH_FAILED.stats}
      </p>
    );
  if (!stats)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading analytics...
      </p>
    );
  const activeShare = stats.totalUsers ? stats.activeUsers / stats.totalUsers : 0;
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          label="Today's Calls"
          value={stats.todaysCalls.toLocaleString("en-US")}
          hint={`Since midnight, ${user?.timezone ?? "your time"}`}
        />
        <StatCard
          label="Active Agents"
          value={stats.activeAgents.toLocaleString("en-US")}
          hint="AI agents switched on"
        />
        <StatCard
          label="Campaigns Running"
          value={stats.campaignsRunning.toLocaleString("en-US")}
          hint="Dialer and lead campaigns"
        />
        <StatCard
          label="Active Users"
          value={stats.activeUsers.toLocaleString("en-US")}
          hint={`${Math.round(activeShare * 100)}% of ${stats.totalUsers.toLocaleString("en-US")} signed in within 30 days`}
        />
        <StatCard
          label="Monthly Revenue"
          value={formatMoney(stats.revenue / 100)}
          hint="Active paid subscriptions"
        />
        <StatCard label="All-time Calls" value={stats.totalCalls.toLocaleString("en-US")} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            System Health <HealthBadge health={stats.systemHealth} />
          </CardTitle>
          <CardDescription>The worst of these checks, measured when the figures were read.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3">
            {stats.healthChecks.map((check) => (
              <li key={check.name} className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{CHECK_NAMES[check.name]}</span>
                <span className="flex items-center gap-2 text-sm text-muted-foreground">
                  {check.detail} <HealthBadge health={check.status} />
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid gap-1">
            <p className="text-sm text-muted-foreground">Active users</p>
            <Progress value={Math.round(activeShare * 100)} aria-label="Share of users active in 30 days" />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
