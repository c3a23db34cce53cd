import type { AnalyticsRange } from "@common/enterprise";
import { useQueryClient } from "@tanstack/react-query";
import {
  BarChart3,
  LayoutDashboard,
  Megaphone,
  Pause,
  PhoneCall,
  Play,
  RefreshCw,
  SlidersHorizontal,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useUser } from "../../lib/auth/use-user";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useCallStats } from "./api/get-call-stats";
import { AnalyticsTab } from "./components/analytics-tab";
import { CallControlsTab } from "./components/call-controls-tab";
import { CampaignsTab } from "./components/campaigns-tab";
import { LiveCallsTab } from "./components/live-calls-tab";

const TABS = [
  { value: "live", label: "Live Calls", icon: PhoneCall },
  { value: "campaigns", label: "Campaigns", icon: Megaphone },
  { value: "analytics", label: "Analytics", icon: BarChart3 },
  { value: "controls", label: "Call Controls", icon: SlidersHorizontal },
] as const;
type Tab = (typeof TABS)[number]["value"];

/**
 * /enterprise-dashboard: tabs Live Calls, Campaigns, Analytics and Call Controls, a
 * Live/Paused toggle (Live polls the figures every 5 s, Paused stops) and a Refresh button.
 * Every figure is computed on the server from the workspace's calls and dialer campaigns.
 * `leaderboard`: the agents ranked (the reports feature's, composed by the route table), shown
 * under the analytics; it reads again while the dashboard is Live.
 */
export function EnterpriseDashboardPage({
  leaderboard,
}: {
  leaderboard?: (live: boolean) => ReactNode;
} = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("tab");
  const tab: Tab = TABS.some((t) => t.value === asked) ? (asked as Tab) : "live";
  const chooseTab = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "live") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  const [live, setLive] = useState(true);
  const [range, setRange] = useState<AnalyticsRange>("24h");
  const stats = useCallStats(live);
  const queryClient = useQueryClient();
  const { user } = useUser();
  const { can } = useWorkspace();
  const refreshing = stats.isFetching;

  const refresh = () =>
    queryClient.invalidateQueries({
      predicate: (query) => /^\/api\/(enterprise|contacts)/.test(String(query.queryKey[0])),
    });

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <LayoutDashboard className="size-8 text-primary" aria-hidden />
          <div>
            <h1 className="text-2xl font-bold">Enterprise Dashboard</h1>
            <p className="text-muted-foreground">Live calls, campaigns, analytics and bulk calling</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant={live ? "default" : "outline"}
            aria-pressed={live}
            aria-label={live ? "Live: press to pause" : "Paused: press to go live"}
            onClick={() => setLive((on) => !on)}
          >
            {live ? (
              <>
                <span className="relative flex size-2.5" aria-hidden>
                  <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-300 opacity-75" />
                  <span className="relative inline-flex size-2.5 rounded-full bg-green-400" />
                </span>
                Live
                <Pause className="size-4" aria-hidden />
              </>
            ) : (
              <>
                Paused
                <Play className="size-4" aria-hidden />
              </>
            )}
          </Button>
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw className={refreshing ? "size-4 animate-spin" : "size-4"} aria-hidden />
            Refresh
          </Button>
        </div>
      </div>
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The live figures could not be loaded. Press Refresh to try again.
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={chooseTab}>
        <TabsList
          aria-label="Enterprise dashboard sections"
          className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="gap-1.5 px-2">
              <Icon className="size-4" aria-hidden /> {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="live">
          <LiveCallsTab stats={stats.data} timeZone={user?.timezone ?? "UTC"} live={live} />
        </TabsContent>
        <TabsContent value="campaigns">
          <CampaignsTab stats={stats.data} manage={can("admin")} />
        </TabsContent>
        <TabsContent value="analytics">
          <div className="grid grid-cols-1 gap-6">
            <AnalyticsTab range={range} onRange={setRange} live={live} />
            {leaderboard?.(live)}
          </div>
        </TabsContent>
        <TabsContent value="controls">
          <CallControlsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
