import type { CampaignStats } from "@common/dialer";
import { Bot } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";

/**
 * The campaign's leads by disposition, most first: what reps recorded at wrap-up and what the AI
 * agents' calls came to, with how many of each the AI settled.
 */
export function DispositionCounts({
  stats,
  campaignName,
}: {
  stats: CampaignStats | undefined;
  campaignName: string | null;
}) {
  if (!stats || !campaignName) return null;
  const total = stats.dispositions.reduce((sum, row) => sum + row.leads, 0);
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Leads by disposition</CardTitle>
        <CardDescription>
          {total
            ? `${total.toLocaleString()} ${total === 1 ? "lead has" : "leads have"} a disposition, from a rep's wrap-up or an AI agent's call.`
            : "No lead has a disposition yet."}
        </CardDescription>
      </CardHeader>
      {total ? (
        <CardContent>
          <ul
            aria-label={`Leads of ${campaignName} by disposition`}
            className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3"
          >
            {stats.dispositions.map((row) => (
              <li
                key={row.code}
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm"
                data-testid="disposition-count"
              >
                <span className="min-w-0 wrap-anywhere">{row.label}</span>
                <span className="flex shrink-0 items-center gap-2">
                  {row.byAi ? (
                    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                      <Bot className="size-3.5" aria-hidden />
                      {row.byAi === row.leads ? "all by AI" : `${row.byAi.toLocaleString()} by AI`}
                    </span>
                  ) : null}
                  <span className="font-semibold tabular-nums">{row.leads.toLocaleString()}</span>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}
