import type { Agent, ConversationFlow, RoutingRule } from "@common/agents";
import { Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Switch } from "../../../components/ui/switch";
import { toast, toastError } from "../../../lib/toast";
import { useDeleteConversationFlow } from "../api/delete-conversation-flow";
import { useDeleteRoutingRule } from "../api/delete-routing-rule";
import { useConversationFlows } from "../api/get-conversation-flows";
import { useRoutingRules } from "../api/get-routing-rules";
import { useUpdateConversationFlow } from "../api/save-conversation-flow";
import { useUpdateRoutingRule } from "../api/save-routing-rule";
import { NEXT_ACTION_LABELS } from "../labels";
import { ConversationFlowDialog, RoutingRuleDialog } from "./routing-dialogs";

type Item = RoutingRule | ConversationFlow;
const isFlow = (item: Item): item is ConversationFlow => "trigger" in item;

/**
 * The routing settings every call uses: routing rules (keywords or an extension to an agent) and
 * conversation flows (trigger words to an agent's set response), each with a priority.
 */
export function RoutingCard({ agents, manage }: { agents: Agent[]; manage: boolean }) {
  const rules = useRoutingRules();
  const flows = useConversationFlows();
  const [ruleDialog, setRuleDialog] = useState<{ open: boolean; rule: RoutingRule | null }>({
    open: false,
    rule: null,
  });
  const [flowDialog, setFlowDialog] = useState<{ open: boolean; flow: ConversationFlow | null }>({
    open: false,
    flow: null,
  });
  const [deleting, setDeleting] = useState<Item | null>(null);
  const updateRule = useUpdateRoutingRule();
  const updateFlow = useUpdateConversationFlow();
  const deleteRule = useDeleteRoutingRule();
  const deleteFlow = useDeleteConversationFlow();
  const agentName = (id: string) => agents.find((agent) => agent.id === id)?.name ?? "a deleted agent";
  const noAgents = agents.length === 0;

  const setActive = (item: Item, isActive: boolean) => {
    const options = {
      onError: (error: unknown) => toastError("Error", "Failed to change it", error),
    };
    if (isFlow(item)) updateFlow.mutate({ id: item.id, change: { isActive } }, options);
    else updateRule.mutate({ id: item.id, change: { isActive } }, options);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const options = {
      onSuccess: () => {
        toast({ title: "Deleted", description: `${deleting.name} was deleted.` });
        setDeleting(null);
      },
      onError: (error: unknown) => {
        toastError("Error", "Failed to delete it", error);
        setDeleting(null);
      },
    };
    if (isFlow(deleting)) deleteFlow.mutate(deleting.id, options);
    else deleteRule.mutate(deleting.id, options);
  };

  const row = (item: Item) => (
    <li key={item.id} className="grid min-w-0 gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere">{item.name}</span>
          <Badge variant="outline">priority {item.priority}</Badge>
          {item.isActive ? null : <Badge variant="secondary">Off</Badge>}
        </p>
        <p className="text-sm text-muted-foreground wrap-anywhere">
          {isFlow(item)
            ? `Says "${item.trigger.join('", "')}"`
            : item.keywords.length
              ? `Says "${item.keywords.join('", "')}"`
              : "Any words"}
          {item.conditions.extension ? `, or dials ${item.conditions.extension}` : ""}
          {item.conditions.direction !== "any" ? ` (${item.conditions.direction} calls)` : ""}
          {item.conditions.classifications.length
            ? ` when ${item.conditions.classifications.join(" or ")}`
            : ""}{" "}
          → {agentName(item.agentId)}
          {isFlow(item)
            ? `, then ${NEXT_ACTION_LABELS[item.nextAction]?.toLowerCase() ?? item.nextAction}`
            : ""}
        </p>
        {isFlow(item) ? <p className="text-sm wrap-anywhere">“{item.response}”</p> : null}
      </div>
      {manage ? (
        <div className="flex flex-wrap items-center gap-2">
          <Switch
            checked={item.isActive}
            onCheckedChange={(checked) => setActive(item, checked)}
            aria-label={`${item.name} active`}
          />
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              isFlow(item)
                ? setFlowDialog({ open: true, flow: item })
                : setRuleDialog({ open: true, rule: item })
            }
            aria-label={`Edit ${item.name}`}
          >
            <Pencil aria-hidden /> Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive"
            onClick={() => setDeleting(item)}
            aria-label={`Delete ${item.name}`}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      ) : null}
    </li>
  );

  const section = (
    title: string,
    query: typeof rules | typeof flows,
    empty: string,
    onAdd: () => void,
    addLabel: string,
  ) => (
    <section aria-label={title} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        {manage ? (
          <Button size="sm" variant="outline" onClick={onAdd} disabled={noAgents}>
            <Plus aria-hidden /> {addLabel}
          </Button>
        ) : null}
      </div>
      {query.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading...
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>These could not be loaded.</span>
          <Button size="sm" variant="outline" onClick={() => query.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-label={title} className="divide-y">
          {(query.data as Item[]).map(row)}
        </ul>
      )}
    </section>
  );

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Call Routing</CardTitle>
        <CardDescription>
          {noAgents
            ? "Create an agent first: rules and flows send calls to agents."
            : "Beside each agent's own keywords and extension, these decide who answers. The highest priority wins; paused agents are skipped."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {section(
          "Routing Rules",
          rules,
          "No routing rules: calls go by each agent's keywords and extension.",
          () => setRuleDialog({ open: true, rule: null }),
          "Add Rule",
        )}
        {section(
          "Conversation Flows",
          flows,
          "No conversation flows: agents answer in their own words.",
          () => setFlowDialog({ open: true, flow: null }),
          "Add Flow",
        )}
      </CardContent>
      <RoutingRuleDialog
        open={ruleDialog.open}
        rule={ruleDialog.rule}
        agents={agents}
        onOpenChange={(open) => setRuleDialog((current) => ({ ...current, open }))}
      />
      <ConversationFlowDialog
        open={flowDialog.open}
        flow={flowDialog.flow}
        agents={agents}
        onOpenChange={(open) => setFlowDialog((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) =>
          open || deleteRule.isPending || deleteFlow.isPending ? undefined : setDeleting(null)
        }
        title={deleting && isFlow(deleting) ? "Delete this conversation flow?" : "Delete this routing rule?"}
        description={deleting ? `${deleting.name} will be deleted and no longer route calls.` : null}
        keepLabel="Keep"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleteRule.isPending || deleteFlow.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
