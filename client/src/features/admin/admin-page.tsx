import { PLATFORM_ADMIN_ONLY } from "@common/admin";
import {
  Archive,
  BarChart3,
  Download,
  Eraser,
  Handshake,
  LifeBuoy,
  PhoneCall,
  RefreshCw,
  Settings,
  Shield,
  ShieldCheck,
  Users,
} from "lucide-react";
import { useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useUser } from "../../lib/auth/use-user";
import { useAdminStats } from "./api/get-admin-data";
import { AnalyticsTab } from "./components/analytics-tab";
import { CallsTab } from "./components/calls-tab";
import { ConfigTab } from "./components/config-tab";
import { HeaderStats } from "./components/header-stats";
import { SalesTab } from "./components/sales-tab";
import { SecurityTab } from "./components/security-tab";
import { SupportTab } from "./components/support-tab";
import { SystemCard } from "./components/system-card";
import { UsersTab } from "./components/users-tab";
import { FETCH_FAILED } from "./messages";
import { useFailureToast } from "./use-failure-toast";
import { useSystemControls } from "./use-system-controls";

const TABS = [
  { value: "users", label: "Users", icon: Users },
  { value: "calls", label: "Calls", icon: PhoneCall },
  { value: "analytics", label: "Analytics", icon: BarChart3 },
  { value: "configuration", label: "Configuration", icon: Settings },
  { value: "security", label: "Security", icon: ShieldCheck },
  { value: "sales", label: "Sales", icon: Handshake },
  { value: "support", label: "Support", icon: LifeBuoy },
] as const;
type Tab = (typeof TABS)[number]["value"];

/**
 * Admin Dashboard (/admin): header stats, the Clear Cache, Backup Now,
 * Export All and Refresh buttons, and the tabs Users, Calls, Analytics, Configuration, Security,
 * Sales (the contact-sales enquiries) and Support (the requests written from Help).
 * Only a platform administrator (users.role = admin) sees it; the API refuses everyone else too.
 */
export function AdminPage() {
  const { user, isLoading } = useUser();
  if (user?.role !== "admin" || !user)
    return (
      <div className="grid gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <Shield className="size-7 text-primary" aria-hidden /> Admin Dashboard
        </h1>
        {isLoading ? (
          <p role="status" className="text-muted-foreground">
            Loading...
          </p>
        ) : (
          <p role="alert" className="text-muted-foreground">
            {PLATFORM_ADMIN_ONLY}.
          </p>
        )}
      </div>
    );
  return <AdminDashboard meId={user.id} timeZone={user.timezone} />;
}

function AdminDashboard({ meId, timeZone }: { meId: string; timeZone: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("tab");
  const tab: Tab = TABS.some((t) => t.value === asked) ? (asked as Tab) : "users";
  const chooseTab = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "users") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  const stats = useAdminStats();
  useFailureToast(stats.isError, FETCH_FAILED.stats, stats.errorUpdatedAt);
  const controls = useSystemControls();
  const { runQuick, quickPending, backupNow, backupPending, exportCsv, exportPending, reloadNow } = controls;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <Shield className="size-8 text-primary" aria-hidden />
          <div>
            <h1 className="text-2xl font-bold">Admin Dashboard</h1>
            <p className="text-muted-foreground">Users, calls and system settings across the platform</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            disabled={quickPending !== undefined}
            onClick={() => runQuick("clear-cache")}
          >
            <Eraser aria-hidden /> {quickPending === "clear-cache" ? "Clearing..." : "Clear Cache"}
          </Button>
          <Button variant="outline" disabled={backupPending} onClick={backupNow}>
            <Archive aria-hidden /> {backupPending ? "Backing up..." : "Backup Now"}
          </Button>
          <Button variant="outline" disabled={exportPending !== undefined} onClick={() => exportCsv("all")}>
            <Download aria-hidden /> {exportPending === "all" ? "Exporting..." : "Export All"}
          </Button>
          <Button onClick={() => void reloadNow()} disabled={stats.isFetching}>
            <RefreshCw className={stats.isFetching ? "animate-spin" : undefined} aria-hidden /> Refresh
          </Button>
        </div>
      </div>
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {FETCH_FAILED.stats}
        </p>
      ) : (
        <HeaderStats stats={stats.data} />
      )}
      <Tabs value={tab} onValueChange={chooseTab}>
        <TabsList
          aria-label="Admin sections"
          className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-4 lg:grid-cols-7"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="gap-1.5 px-2">
              <Icon className="size-4" aria-hidden /> {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UsersTab meId={meId} timeZone={timeZone} onChanged={() => void reloadNow()} />
        </TabsContent>
        <TabsContent value="calls">
          <CallsTab timeZone={timeZone} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab stats={stats.data} failed={stats.isError} />
        </TabsContent>
        <TabsContent value="configuration">
          <ConfigTab system={<SystemCard controls={controls} timeZone={timeZone} />} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab stats={stats.data} timeZone={timeZone} />
        </TabsContent>
        <TabsContent value="sales">
          <SalesTab timeZone={timeZone} />
        </TabsContent>
        <TabsContent value="support">
          <SupportTab timeZone={timeZone} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
