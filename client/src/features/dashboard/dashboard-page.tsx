import type { Health } from "@common/http";
import { useQuery } from "@tanstack/react-query";
import {
  Calendar,
  CheckCircle2,
  History,
  Mail,
  PhoneCall,
  PhoneForwarded,
  ShieldBan,
  Sparkles,
  Target,
  TrendingUp,
  Upload,
  Wand2,
} from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useStats } from "../calls/api/queries";
import { useCallEvents } from "../calls/api/use-call-events";

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

/** Spec 1 §2.7, with today's real figures from /api/stats. */
export function DashboardPage() {
  const stats = useStats();
  useCallEvents();
  const health = useQuery<Health>({ queryKey: ["/api/health"], staleTime: 60_000 });
  const value = (n: number | undefined, suffix = "") => (stats.isLoading ? "..." : `${n ?? 0}${suffix}`);

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">AI Platform</h1>
        <p className="text-muted-foreground">Advanced AI-powered telecommunications sales platform</p>
      </div>

      <section aria-label="Today" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Today's Calls" value={value(stats.data?.todaysCalls)} icon={PhoneCall} />
        <StatCard label="Spam Blocked" value={value(stats.data?.spamBlocked)} icon={ShieldBan} />
        <StatCard label="Appointments" value={value(stats.data?.appointments)} icon={Calendar} />
        <StatCard label="Success Rate" value={value(stats.data?.successRate, "%")} icon={TrendingUp} />
      </section>
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Today's figures could not be loaded. They will refresh automatically.
        </p>
      ) : null}

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

      <Card>
        <CardHeader>
          <CardTitle className="text-base">System Status</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <StatusLine
            ok={health.data?.status !== "degraded"}
            text={health.data?.status === "degraded" ? "Voice System Degraded" : "Voice System Operational"}
          />
          <StatusLine ok text="Email Marketing Ready" />
          <StatusLine ok text="AI Agents Active" />
        </CardContent>
      </Card>
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

function StatusLine({ ok, text }: { ok: boolean; text: string }) {
  return (
    <p className="flex items-center gap-2">
      <CheckCircle2 className={ok ? "size-4 text-success" : "size-4 text-warning"} aria-hidden />
      {text}
    </p>
  );
}
