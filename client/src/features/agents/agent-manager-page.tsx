import type { TelecomAgent } from "@common/agents";
import { Plus, RefreshCw, UserCog } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { cn } from "../../lib/cn";
import { useTelecomAgents } from "./api/get-telecom-agents";
import { TelecomAgentEditor } from "./components/telecom-agent-editor";
import { PROVIDER_LABELS, TELECOM_SPECIALIZATION_LABELS } from "./labels";

/** Which agent the right side shows: a saved one by id, a new unsaved one, or none. */
type Selection = { kind: "agent"; id: string } | { kind: "new"; key: number } | { kind: "none" };

/**
 * Agent Manager (telecom sales agents): the list on the left, the chosen agent's
 * detail and edit on the right, and Create New Agent. Agents are stored per workspace.
 */
export function AgentManagerPage() {
  const { can } = useWorkspace();
  const manage = can("admin");
  const agents = useTelecomAgents();
  const [selection, setSelection] = useState<Selection>({ kind: "none" });
  const list = agents.data ?? [];
  // With nothing chosen, the first agent is shown.
  const chosen: TelecomAgent | null =
    selection.kind === "agent"
      ? (list.find((agent) => agent.id === selection.id) ?? null)
      : selection.kind === "none"
        ? (list[0] ?? null)
        : null;
  const editing = selection.kind === "new" ? "new" : chosen ? chosen.id : null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Agent Manager</h1>
          <p className="text-muted-foreground">Telecom sales agents: internet, TV, mobile and bundles</p>
        </div>
        {manage ? (
          <Button onClick={() => setSelection({ kind: "new", key: Date.now() })}>
            <Plus aria-hidden />
            Create New Agent
          </Button>
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <Card className="min-w-0 self-start">
          <CardHeader className="flex-row items-center justify-between gap-2">
            <CardTitle>Agents</CardTitle>
            {agents.data ? <Badge variant="secondary">{agents.data.length}</Badge> : null}
          </CardHeader>
          <CardContent>
            {agents.isPending ? (
              <div role="status" aria-label="Loading agents" className="grid gap-2">
                {[0, 1, 2].map((i) => (
                  <div key={i} className="h-14 animate-pulse rounded-md bg-muted" />
                ))}
                <span className="sr-only">Loading agents...</span>
              </div>
            ) : agents.isError ? (
              <div role="alert" className="grid justify-items-center gap-3 py-6 text-center">
                <p className="font-semibold">The agents could not be loaded.</p>
                <Button variant="outline" onClick={() => agents.refetch()}>
                  <RefreshCw aria-hidden /> Try again
                </Button>
              </div>
            ) : list.length === 0 && selection.kind !== "new" ? (
              <div className="grid justify-items-center gap-2 py-6 text-center">
                <UserCog className="size-8 text-muted-foreground" aria-hidden />
                <p className="font-semibold">No agents yet</p>
                <p className="text-sm text-muted-foreground">
                  {manage
                    ? "Create New Agent to add your first sales agent."
                    : "An admin can add sales agents."}
                </p>
              </div>
            ) : (
              <ul aria-label="Telecom agents" className="grid gap-2">
                {selection.kind === "new" ? (
                  <li>
                    <span className="block rounded-md border border-primary bg-primary/5 p-3 text-sm font-medium">
                      New Agent (not saved)
                    </span>
                  </li>
                ) : null}
                {list.map((agent) => (
                  <li key={agent.id}>
                    <button
                      type="button"
                      onClick={() => setSelection({ kind: "agent", id: agent.id })}
                      aria-current={editing === agent.id ? "true" : undefined}
                      className={cn(
                        "grid w-full min-w-0 gap-1 rounded-md border p-3 text-left hover:bg-accent",
                        editing === agent.id && "border-primary bg-primary/5",
                      )}
                    >
                      <span className="flex min-w-0 items-center justify-between gap-2">
                        <span className="min-w-0 font-medium wrap-anywhere">{agent.name}</span>
                        <Badge variant={agent.isActive ? "success" : "outline"}>
                          {agent.isActive ? "Active" : "Inactive"}
                        </Badge>
                      </span>
                      <span className="text-xs text-muted-foreground wrap-anywhere">
                        {TELECOM_SPECIALIZATION_LABELS[agent.specialization]}
                        {agent.providers.length
                          ? ` · ${agent.providers.map((provider) => PROVIDER_LABELS[provider]).join(", ")}`
                          : ""}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        {selection.kind === "new" ? (
          <TelecomAgentEditor
            key={`new-${selection.key}`}
            agent={null}
            manage={manage}
            onSaved={(saved) => setSelection({ kind: "agent", id: saved.id })}
            onDeleted={() => setSelection({ kind: "none" })}
          />
        ) : chosen ? (
          <TelecomAgentEditor
            key={chosen.id}
            agent={chosen}
            manage={manage}
            onSaved={(saved) => setSelection({ kind: "agent", id: saved.id })}
            onDeleted={() => setSelection({ kind: "none" })}
          />
        ) : agents.data ? (
          <Card className="min-w-0">
            <CardContent className="py-10 text-center text-sm text-muted-foreground">
              Choose an agent on the left, or create a new one.
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
