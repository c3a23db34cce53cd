import { Headset, RefreshCw } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useDialerAgents } from "../api/get-agents";
import { AGENT_STATUS_BADGES, AGENT_STATUS_LABELS, plural } from "../labels";

/** Autodialer agents: the workspace's members, their extension, status and calls today. */
export function AgentsPanel() {
  const agents = useDialerAgents();
  const ready = agents.data?.filter((agent) => agent.status === "available").length ?? 0;
  const talking = agents.data?.filter((agent) => agent.status === "on_call").length ?? 0;
  return (
    <Card role="region" aria-labelledby="dialer-agents-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="dialer-agents-title" className="flex items-center gap-2">
          <Headset className="size-5 text-primary" aria-hidden /> Agents
        </CardTitle>
        <CardDescription>
          {agents.data
            ? `${ready} available, ${talking} on a call. Members log in on the Agent Console.`
            : "Members who take the dialer's calls."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {agents.isPending ? (
          <p className="text-sm text-muted-foreground">Loading agents...</p>
        ) : agents.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>The agents could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => agents.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : (
          <ul className="grid divide-y" aria-label="Dialer agents">
            {agents.data.map((agent) => (
              <li
                key={agent.id}
                aria-label={agent.name}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 py-2"
              >
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{agent.name}</p>
                  <p className="text-xs text-muted-foreground">
                    Ext. {agent.extension} · {plural(agent.currentCalls, "call")} now ·{" "}
                    {plural(agent.totalCallsToday, "call")} today
                  </p>
                </div>
                <Badge variant={AGENT_STATUS_BADGES[agent.status]} data-testid="agent-status">
                  {AGENT_STATUS_LABELS[agent.status]}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
