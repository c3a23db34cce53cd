import {
  AGENT_KIND_LABELS,
  LEADERBOARD_PERIOD_LABELS,
  LEADERBOARD_PERIODS,
  type LeaderboardPeriod,
} from "@common/reports";
import { Trophy } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useLeaderboard } from "../api/get-leaderboard";
import { formatCount, formatRate, formatSeconds } from "../report-format";

/** How many agents the dashboard lists; the Reports screen has them all. */
const SHOWN = 10;

/**
 * The enterprise dashboard's agent leaderboard: reps and AI agents ranked by conversions, then
 * connects, over today, the last 7 or the last 30 days (the workspace's days).
 */
export function AgentLeaderboard({ live = true }: { live?: boolean }) {
  const [period, setPeriod] = useState<LeaderboardPeriod>("7d");
  const board = useLeaderboard(period, live);
  const agents = board.data?.agents ?? [];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Trophy className="size-4 text-amber-600" aria-hidden /> Agent leaderboard
          </CardTitle>
          <CardDescription>Reps and AI agents by conversions, then connects</CardDescription>
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Leaderboard period</legend>
          {LEADERBOARD_PERIODS.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={value === period ? "default" : "outline"}
              aria-pressed={value === period}
              onClick={() => setPeriod(value)}
            >
              {LEADERBOARD_PERIOD_LABELS[value]}
            </Button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent className="grid gap-3">
        {board.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The leaderboard could not be loaded.
          </p>
        ) : board.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading the leaderboard...
          </p>
        ) : agents.length === 0 ? (
          <p className="text-sm text-muted-foreground">No agent took a call in this period.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Agents by conversions">
            {agents.slice(0, SHOWN).map((agent) => (
              <li
                key={`${agent.kind}:${agent.agentId}`}
                className="grid grid-cols-[2rem_1fr] items-center gap-x-3 gap-y-1 rounded-md border p-3 sm:grid-cols-[2rem_1fr_auto]"
              >
                <span className="text-lg font-bold tabular-nums text-muted-foreground">{agent.rank}</span>
                <span className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="truncate font-medium">{agent.name}</span>
                  <Badge variant={agent.kind === "ai" ? "secondary" : "outline"}>
                    {AGENT_KIND_LABELS[agent.kind]}
                  </Badge>
                </span>
                <span className="col-start-2 text-sm text-muted-foreground tabular-nums sm:col-start-3 sm:text-right">
                  <strong className="text-foreground">{formatCount(agent.conversions)}</strong> conversions (
                  {formatRate(agent.conversionRate)}) · {formatCount(agent.connects)} connects ·{" "}
                  {formatSeconds(agent.talkSeconds)} talk
                </span>
              </li>
            ))}
          </ol>
        )}
        <Link to="/reports" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Open Reports for every figure
        </Link>
      </CardContent>
    </Card>
  );
}
