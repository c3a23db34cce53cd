import type { SystemPart } from "@common/http";
import {
  AlertTriangle,
  Calendar,
  CheckCircle2,
  History,
  Mail,
  MinusCircle,
  PhoneCall,
  PhoneForwarded,
  ShieldBan,
  Sparkles,
  Target,
  TrendingUp,
  Upload,
  Wand2,
  XCircle,
} from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { HouseAd } from "../../components/house-ad";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useCallEvents } from "../../lib/shared-api/use-call-events";
import { useStats } from "./api/get-stats";
import { useSystemStatus } from "./api/get-system-status";
import { SetupChecklist } from "./components/setup-checklist";

const NAV_CARDS = [
  {
    to: "/email-marketing",
    title: "Email Marketing Center",
    text: "AI-written campaigns to your contacts",
    icon: Mail,
  },
  { to: "/email-wizard", title: "AI Wizard", text: "Write a campaign in five steps", icon: Wand2 },
  {
    to: "/call-history",
    title: "Call History",
    text: "Every screened call, with transcripts",
    icon: History,
  },
  { to: "/leads", title: "Lead Generation", text: "Find businesses and build lists", icon: Target },
  { to: "/contact-manager", title: "Contacts", text: "Upload and manage contacts", icon: Upload },
  { to: "/autodialer", title: "Autodialer", text: "Campaign management", icon: PhoneForwarded },
  {
    to: "/appointments",
    title: "Appointments",
    text: "Bookings from you and your assistant",
    icon: Calendar,
  },
];

/** The home screen, with today's real figures from /api/stats, after the setup checklist while it is wanted. */
export function DashboardPage() {
  const stats = useStats();
  const { can } = useWorkspace();
  useCallEvents();
  const value = (n: number | undefined, suffix = "") => (stats.isLoading ? "..." : `${n ?? 0}${suffix}`);

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">AI Platform</h1>
        <p className="text-muted-foreground">Advanced AI-powered telecommunications sales platform</p>
      </div>

      <SetupChecklist can={can} />

      <section aria-label="Today" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Today's Calls" value={value(stats.data?.todaysCalls)} icon={PhoneCall} />
        <StatCard label="Spam Blocked" value={value(stats.data?.spamBlocked)} icon={ShieldBan} />
        <StatCard label="Appointments" value={value(stats.data?.appointments)} icon={Calendar} />
        <StatCard label="Success Rate" value={value(stats.data?.successRate, "%")} icon={TrendingUp} />
      </section>
      {stats.data?.testCallsToday ? (
        <p className="text-sm text-muted-foreground" data-testid="test-calls-today">
          {stats.data.testCallsToday === 1
            ? "1 test call today is not counted here."
            : `${stats.data.testCallsToday} test calls today are not counted here.`}{" "}
          <Link to="/call-history?tests=only" className="text-primary underline-offset-4 hover:underline">
            See the test calls
          </Link>
        </p>
      ) : null}
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Today's figures could not be loaded. They will refresh automatically.
        </p>
      ) : null}
      <HouseAd place="dashboard" />

      <Card className="border-primary/30 bg-gradient-to-r from-indigo-50 to-white">
        <CardContent className="flex flex-col items-start justify-between gap-4 pt-5 md:flex-row md:items-center">
          <div className="flex gap-3">
            <Sparkles className="mt-1 size-6 text-primary" aria-hidden />
            <div>
              <h2 className="text-lg font-semibold">Reach your contacts with AI-written email</h2>
              <p className="text-sm text-muted-foreground">
                Let the email wizard write a personalised campaign for your customers in minutes.
              </p>
            </div>
          </div>
          <Button asChild>
            <Link to="/email-wizard">Open the AI Wizard</Link>
          </Button>
        </CardContent>
      </Card>

      <section aria-label="Go to" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {NAV_CARDS.map((card) => (
          <Link key={card.to} to={card.to} className="rounded-lg">
            <Card className="h-full transition-colors hover:border-primary/50">
              <CardHeader>
                <card.icon className="size-5 text-primary" aria-hidden />
                <CardTitle className="text-base">{card.title}</CardTitle>
                <CardDescription>{card.text}</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        ))}
      </section>

      <SystemStatusCard />
    </div>
  );
}

function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: string;
  icon: React.ComponentType<{ className?: string }>;
}) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between pt-5">
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold" data-testid={`stat-${label}`}>
            {value}
          </p>
        </div>
        <Icon className="size-6 text-primary" aria-hidden />
      </CardContent>
    </Card>
  );
}

const PART_STATE: Record<
  SystemPart["state"],
  { word: string; icon: React.ComponentType<{ className?: string }>; tone: string }
> = {
  ok: { word: "Operational", icon: CheckCircle2, tone: "text-success" },
  limited: { word: "Limited", icon: AlertTriangle, tone: "text-warning" },
  off: { word: "Off", icon: MinusCircle, tone: "text-muted-foreground" },
  error: { word: "Not working", icon: XCircle, tone: "text-destructive" },
};

/**
 * System Status, from the server's own checks (GET /api/health/details) instead of
 * fixed lines about areas that do not exist yet.
 */
function SystemStatusCard() {
  const status = useSystemStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">System Status</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        {status.isLoading ? (
          <p role="status" className="text-muted-foreground">
            Checking...
          </p>
        ) : status.data ? (
          <ul aria-label="System status" className="grid gap-2">
            {status.data.parts.map((part) => {
              const { word, icon: Icon, tone } = PART_STATE[part.state];
              return (
                <li key={part.id} className="flex items-start gap-2" data-testid={`status-${part.id}`}>
                  <Icon className={`mt-0.5 size-4 shrink-0 ${tone}`} aria-hidden />
                  <span>
                    <span className="font-medium">{part.label}</span>: {word}.{" "}
                    <span className="text-muted-foreground">{part.detail}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p role="alert" className="text-destructive">
            The system status could not be loaded. It is checked again every minute.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
