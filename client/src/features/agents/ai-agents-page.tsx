import type { Agent } from "@common/agents";
import { BarChart3, Bot, Plus, RefreshCw, Settings2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { useAiAgents } from "../../lib/shared-api/get-ai-agents";
import { toast, toastError } from "../../lib/toast";
import { useToggleAiAgent } from "./api/toggle-ai-agent";
import { AgentCard } from "./components/agent-card";
import { AgentDialog } from "./components/agent-dialog";
import { AnalyticsTab } from "./components/analytics-tab";
import { DeleteAgentDialog } from "./components/delete-agent-dialog";
import { ScriptsSettingsTab } from "./components/scripts-settings-tab";

const TABS = ["agents", "analytics", "settings"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? "");

/**
 * AI Agents: tabs Agents (cards with Pause/Activate, edit and delete), Analytics
 * (counted from calls) and Scripts & Settings, and the Create Agent dialog. Agents are stored
 * per workspace; an active agent's keywords and extension route calls to it.
 */
export function AiAgentsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: Tab = isTab(requested) ? requested : "agents";
  const chooseTab = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "agents") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  const { can } = useWorkspace();
  const manage = can("admin");
  const agents = useAiAgents();
  const [dialog, setDialog] = useState<{ open: boolean; agent: Agent | null }>({ open: false, agent: null });
  const [deleting, setDeleting] = useState<Agent | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">AI Agents</h1>
          <p className="text-muted-foreground">Who answers your calls, and how they are doing</p>
        </div>
        {manage ? (
          <Button onClick={() => setDialog({ open: true, agent: null })}>
            <Plus aria-hidden />
            Create Agent
          </Button>
        ) : null}
      </div>

      <Tabs value={tab} onValueChange={chooseTab}>
        <TabsList className="grid h-auto w-full max-w-[32rem] grid-cols-3" aria-label="AI agents">
          <TabsTrigger value="agents" className="min-w-0 gap-1.5 whitespace-normal px-1.5">
            <Bot className="size-4 shrink-0" aria-hidden /> Agents
          </TabsTrigger>
          <TabsTrigger value="analytics" className="min-w-0 gap-1.5 whitespace-normal px-1.5">
            <BarChart3 className="size-4 shrink-0" aria-hidden /> Analytics
          </TabsTrigger>
          <TabsTrigger value="settings" className="min-w-0 gap-1.5 whitespace-normal px-1.5">
            <Settings2 className="size-4 shrink-0" aria-hidden /> Scripts & Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="agents">
          <AgentsTab
            manage={manage}
            onCreate={() => setDialog({ open: true, agent: null })}
            onEdit={(agent) => setDialog({ open: true, agent })}
            onDelete={setDeleting}
          />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="settings">
          {agents.data ? (
            <ScriptsSettingsTab agents={agents.data} manage={manage} />
          ) : agents.isError ? (
            <LoadFailed onRetry={() => agents.refetch()} />
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              Loading agents...
            </p>
          )}
        </TabsContent>
      </Tabs>

      <AgentDialog
        open={dialog.open}
        agent={dialog.agent}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <DeleteAgentDialog agent={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function AgentsTab({
  manage,
  onCreate,
  onEdit,
  onDelete,
}: {
  manage: boolean;
  onCreate: () => void;
  onEdit: (agent: Agent) => void;
  onDelete: (agent: Agent) => void;
}) {
  const agents = useAiAgents();
  const toggleStatus = useToggleAiAgent();
  const toggle = (agent: Agent) =>
    toggleStatus.mutate(agent.id, {
      onSuccess: (saved) =>
        toast({
          title: saved.status === "active" ? "Agent activated" : "Agent paused",
          description:
            saved.status === "active"
              ? `${saved.name} now answers calls routed to it.`
              : `${saved.name} gets no calls until it is activated.`,
        }),
      onError: (error) => toastError("Error", "Failed to update agent", error),
    });

  if (agents.isPending)
    return (
      <div role="status" aria-label="Loading agents" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-56 animate-pulse rounded-lg bg-muted" />
        ))}
        <span className="sr-only">Loading agents...</span>
      </div>
    );
  if (agents.isError) return <LoadFailed onRetry={() => agents.refetch()} />;
  if (agents.data.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-12 text-center">
        <Bot className="size-10 text-muted-foreground" aria-hidden />
        <p className="font-semibold">No agents yet</p>
        <p className="max-w-md px-4 text-sm text-muted-foreground">
          Until you create and activate an agent, your assistant answers every call itself. Agents take the
          calls their keywords or extension match.
        </p>
        {manage ? (
          <Button onClick={onCreate}>
            <Plus aria-hidden /> Create Agent
          </Button>
        ) : null}
      </div>
    );
  return (
    <div className="grid gap-3">
      {agents.data.some((agent) => agent.status === "active") ? null : (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          No agent is active, so your assistant answers every call itself. Activate an agent to route calls to
          it.
        </p>
      )}
      <ul aria-label="Agents" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {agents.data.map((agent) => (
          <AgentCard
            key={agent.id}
            agent={agent}
            manage={manage}
            onToggle={() => toggle(agent)}
            toggling={toggleStatus.isPending && toggleStatus.variables === agent.id}
            onEdit={() => onEdit(agent)}
            onDelete={() => onDelete(agent)}
          />
        ))}
      </ul>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border py-10 text-center">
      <p className="font-semibold">Your agents could not be loaded.</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}
