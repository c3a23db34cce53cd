import {
  AI_FLOW_CONDITION_LABELS,
  AI_FLOW_NEXT_ACTION_LABELS,
  type AiFlow,
  type AiFlowTestResult,
  TEST_MESSAGE_REQUIRED,
} from "@common/ai-studio";
import { MessageSquare, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { serverMessage, toast, toastError } from "../../../lib/toast";
import { useDeleteAiFlow } from "../api/delete-ai-flow";
import { useAiFlows } from "../api/get-ai-flows";
import { useTestAiFlow } from "../api/test-ai-flow";
import { useUpdateAiFlow } from "../api/update-ai-flow";
import { FlowDialog } from "./flow-dialog";
import { Empty, LoadFailed, Loading } from "./states";

/** AI Conversations: the workspace's flows, each with a test box; create, edit, switch off, delete. */
export function FlowsTab({ manage }: { manage: boolean }) {
  const flows = useAiFlows();
  const [dialog, setDialog] = useState<{ open: boolean; flow: AiFlow | null }>({ open: false, flow: null });
  const [deleting, setDeleting] = useState<AiFlow | null>(null);
  const remove = useDeleteAiFlow();

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="max-w-2xl text-sm text-muted-foreground">
        A flow answers a caller who says one of its keywords, on simulated and real calls, instead of the
        assistant's usual reply. The longest matching keyword wins.
      </p>
      {manage ? (
        <Button onClick={() => setDialog({ open: true, flow: null })}>
          <Plus aria-hidden /> Create Flow
        </Button>
      ) : null}
    </div>
  );

  let body: React.ReactNode;
  if (flows.isPending) body = <Loading label="Loading AI flows" />;
  else if (flows.isError)
    body = <LoadFailed what="Your AI flows could not be loaded." onRetry={() => flows.refetch()} />;
  else if (flows.data.length === 0)
    body = (
      <Empty
        icon={<MessageSquare className="size-10 text-muted-foreground" aria-hidden />}
        title="No AI flows yet"
      >
        <p className="max-w-md text-sm text-muted-foreground">
          Callers hear the assistant's own replies. Add a flow to answer a common question your way, such as
          opening hours or directions.
        </p>
      </Empty>
    );
  else
    body = (
      <ul aria-label="AI flows" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {flows.data.map((flow) => (
          <FlowCard
            key={flow.id}
            flow={flow}
            manage={manage}
            onEdit={() => setDialog({ open: true, flow })}
            onDelete={() => setDeleting(flow)}
          />
        ))}
      </ul>
    );

  return (
    <div className="grid grid-cols-1 gap-4">
      {header}
      {body}
      <FlowDialog
        open={dialog.open}
        flow={dialog.flow}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this flow?"
        description={`${deleting?.name ?? "The flow"} will no longer answer callers.`}
        keepLabel="Keep"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: "Flow deleted", description: `${deleting.name} was deleted.` });
              setDeleting(null);
            },
            onError: (error) => toastError("Error", "The flow could not be deleted.", error),
          })
        }
      />
    </div>
  );
}

function FlowCard({
  flow,
  manage,
  onEdit,
  onDelete,
}: {
  flow: AiFlow;
  manage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateAiFlow();
  const switchId = `flow-active-${flow.id}`;
  const titleId = `flow-title-${flow.id}`;
  return (
    <li aria-labelledby={titleId}>
      <Card className="h-full">
        <CardHeader>
          <div className="flex items-start justify-between gap-2">
            <CardTitle id={titleId} className="text-base wrap-anywhere">
              {flow.name}
            </CardTitle>
            <Badge variant={flow.isActive ? "success" : "outline"}>{flow.isActive ? "Active" : "Off"}</Badge>
          </div>
          <CardDescription>{AI_FLOW_NEXT_ACTION_LABELS[flow.nextAction]}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-3 text-sm">
          <ul className="flex flex-wrap gap-1" aria-label="Trigger keywords">
            {flow.triggerKeywords.map((keyword) => (
              <li key={keyword} className="min-w-0 max-w-full">
                <Badge variant="secondary" className="max-w-full truncate">
                  {keyword}
                </Badge>
              </li>
            ))}
          </ul>
          <p className="rounded-md bg-muted p-2 wrap-anywhere">{flow.responseTemplate}</p>
          {flow.conditions.length ? (
            <p className="text-xs text-muted-foreground">
              Only: {flow.conditions.map((c) => AI_FLOW_CONDITION_LABELS[c]).join("; ")}
            </p>
          ) : null}
          <FlowTest flow={flow} />
          {manage ? (
            <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
              <div className="flex items-center gap-2">
                <Switch
                  id={switchId}
                  checked={flow.isActive}
                  disabled={update.isPending}
                  onCheckedChange={(isActive) =>
                    update.mutate(
                      { id: flow.id, change: { isActive } },
                      { onError: (error) => toastError("Error", "The flow could not be changed.", error) },
                    )
                  }
                />
                <Label htmlFor={switchId}>Active on calls</Label>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${flow.name}`}>
                  <Pencil aria-hidden /> Edit
                </Button>
                <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${flow.name}`}>
                  <Trash2 aria-hidden /> Delete
                </Button>
              </div>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

/** POST /api/ai-flows/:id/test from the card: the words a caller might say, and the answer. */
function FlowTest({ flow }: { flow: AiFlow }) {
  const [message, setMessage] = useState("");
  const [result, setResult] = useState<AiFlowTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const test = useTestAiFlow();
  const inputId = `flow-test-${flow.id}`;
  const run = (event: React.FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError(TEST_MESSAGE_REQUIRED);
      setResult(null);
      return;
    }
    setError(null);
    test.mutate(
      { id: flow.id, body: { testMessage: message } },
      {
        onSuccess: setResult,
        onError: (failure) => setError(serverMessage(failure) ?? "The test could not run. Please try again."),
      },
    );
  };
  return (
    <form onSubmit={run} className="grid grid-cols-1 gap-2" noValidate>
      <Label htmlFor={inputId}>Test a caller's words</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          className="min-w-0"
          value={message}
          placeholder="e.g. What are your opening hours?"
          onChange={(e) => setMessage(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={test.isPending}>
          {test.isPending ? "Testing..." : "Test"}
        </Button>
      </div>
      <div aria-live="polite">
        {error ? <p className="text-destructive">{error}</p> : null}
        {result ? <TestResult result={result} /> : null}
      </div>
    </form>
  );
}

function TestResult({ result }: { result: AiFlowTestResult }) {
  if (result.triggered)
    return (
      <div className="grid grid-cols-1 gap-1 rounded-md border border-green-300 bg-green-50 p-2 text-green-950">
        <p className="font-medium">
          Triggers on "{result.matchedKeyword}"
          {result.isActive ? "" : " (but the flow is off, so calls do not use it)"}
        </p>
        <p className="wrap-anywhere">The assistant says: {result.response}</p>
        <p>Then: {AI_FLOW_NEXT_ACTION_LABELS[result.nextAction]}</p>
      </div>
    );
  return (
    <div className="rounded-md border p-2">
      {result.matchedKeyword ? (
        <p>
          "{result.matchedKeyword}" matches, but the flow answers only when these hold:{" "}
          {result.unmetConditions.map((c) => AI_FLOW_CONDITION_LABELS[c]).join("; ")}.
        </p>
      ) : (
        <p>No trigger keyword in these words: the assistant answers as usual.</p>
      )}
    </div>
  );
}
