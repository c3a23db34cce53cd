import type { Agent } from "@common/agents";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { toast, toastError } from "../../../lib/toast";
import { useDeleteAiAgent } from "../api/delete-ai-agent";

/** Asks before deleting an AI agent; its calls stay in the history. */
export function DeleteAgentDialog({ agent, onClose }: { agent: Agent | null; onClose: () => void }) {
  const remove = useDeleteAiAgent();
  const confirm = () => {
    if (!agent) return;
    remove.mutate(agent.id, {
      onSuccess: () => {
        toast({ title: "Agent deleted", description: `${agent.name} no longer answers calls.` });
        onClose();
      },
      onError: (error) => {
        toastError("Error", "Failed to delete agent", error);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={agent !== null}
      onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}
      title="Delete this agent?"
      description={
        agent
          ? `${agent.name} (extension ${agent.extension}) will be deleted and no longer answer calls. The calls it handled stay in your history.`
          : null
      }
      keepLabel="Keep Agent"
      confirmLabel="Delete Agent"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
