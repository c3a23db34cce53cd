import type { CallOutcomeCounts } from "@common/calls";
import { Award, Bot, PhoneCall, RefreshCw, TrendingUp } from "lucide-react";
import type * as React from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useAgentAnalytics } from "../api/get-agent-analytics";
import { percent, SPECIALIZATION_LABELS, STATUS_LABELS } from "../labels";

/** The outcome figures, in the order a call-centre team reads them. */
const OUTCOME_FIGURES: {
  key: Exclude<keyof CallOutcomeCounts, "conversionRate" | "calls">;
  label: string;
}[] = [
  { key: "answered", label: "Answered" },
  { key: "booked", label: "Booked" },
  { key: "qualified", label: "Qualified" },
  { key: "interested", label: "Interested" },
  { key: "callBacks", label: "Call backs" },
  { key: "notInterested", label: "Not interested" },
  { key: "doNotCall", label: "Do not call" },
  { key: "wrongNumber", label: "Wrong number" },
  { key: "voicemail", label: "Voicemail" },
  { key: "transferred", label: "Transferred" },
];

/**
 * AI Agents, Analytics: Total Agents, Total Calls, Avg Success Rate, Best Performer and a
 * per-agent list, counted by the server from the calls the agents handled; then what their calls
 * came to (booked, call backs, do not call, ... and the conversion rate), in all and per agent.
 */
export function AnalyticsTab() {
  const analytics = useAgentAnalytics();
  if (analytics.isPending)
    return (
      <div role="status" aria-label="Loading analytics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-lg bg-muted" />
        ))}
        <span className="sr-only">Loading analytics...</span>
      </div>
    );
  if (analytics.isError)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border py-10 text-center">
        <p className="font-semibold">The analytics could not be loaded.</p>
        <Button variant="outline" onClick={() => analytics.refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  const data = analytics.data;
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Total Agents" icon={<Bot aria-hidden />} value={String(data.totalAgents)}>
          {data.activeAgents} active
        </Stat>
        <Stat label="Total Calls" icon={<PhoneCall aria-hidden />} value={data.totalCalls.toLocaleString()}>
          routed to an agent
        </Stat>
        <Stat
          label="Avg Success Rate"
          icon={<TrendingUp aria-hidden />}
          value={data.totalCalls ? percent(data.avgSuccessRate) : "—"}
        >
          over agents with calls
        </Stat>
        <Stat
          label="Best Performer"
          icon={<Award aria-hidden />}
          value={data.bestPerformer ? data.bestPerformer.name : "—"}
        >
          {data.bestPerformer
            ? `${percent(data.bestPerformer.successRate)} of ${data.bestPerformer.callsHandled} calls`
            : "no calls yet"}
        </Stat>
      </div>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Call outcomes</CardTitle>
          <CardDescription>
            What the agents' ended calls came to. Conversion: booked, qualified and interested calls over
            answered ones.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Call outcomes">
            <div className="rounded-md border bg-muted/40 p-3">
              <dt className="text-xs text-muted-foreground">Conversion</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid="outcome-conversionRate">
                {data.outcomes.answered ? percent(data.outcomes.conversionRate) : "—"}
              </dd>
            </div>
            {OUTCOME_FIGURES.map((figure) => (
              <div key={figure.key} className="rounded-md border p-3">
                <dt className="text-xs text-muted-foreground">{figure.label}</dt>
                <dd className="text-xl font-bold tabular-nums" data-testid={`outcome-${figure.key}`}>
                  {data.outcomes[figure.key].toLocaleString()}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Agents</CardTitle>
        </CardHeader>
        <CardContent>
          {data.agents.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              No agents yet. Create one on the Agents tab.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[56rem] text-sm">
                <caption className="sr-only">Calls and results per agent</caption>
                <thead className="text-left text-muted-foreground">
                  <tr className="border-b">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Agent
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Status
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Calls
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Success
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Transfers
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Avg reply
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Booked
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Call backs
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Do not call
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Not interested
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Conversion
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.agents.map((agent) => (
                    <tr key={agent.id} className="border-b last:border-0" data-testid="analytics-row">
                      <th scope="row" className="py-2 pr-3 text-left font-medium">
                        <span className="wrap-anywhere">{agent.name}</span>
                        <span className="block text-xs font-normal text-muted-foreground">
                          Ext. {agent.extension} · {SPECIALIZATION_LABELS[agent.specialization]}
                        </span>
                      </th>
                      <td className="py-2 pr-3">
                        <Badge variant="outline">{STATUS_LABELS[agent.status]}</Badge>
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{agent.callsHandled}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {agent.callsHandled ? percent(agent.successRate) : "—"}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{agent.transfers}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {agent.averageResponseTime === null
                          ? "—"
                          : `${Math.round(agent.averageResponseTime)} ms`}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{agent.outcomes.booked}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{agent.outcomes.callBacks}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{agent.outcomes.doNotCall}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{agent.outcomes.notInterested}</td>
                      <td className="py-2 text-right tabular-nums">
                        {agent.outcomes.answered ? percent(agent.outcomes.conversionRate) : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Stat({
  label,
  icon,
  value,
  children,
}: {
  label: string;
  icon: React.ReactNode;
  value: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardContent className="grid gap-1 p-4">
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground [&_svg]:size-4">
          {icon}
          {label}
        </p>
        <p className="truncate text-2xl font-bold tabular-nums" data-testid={`stat-${label}`}>
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}
