import { SCRIPT_MESSAGES, type Script } from "@common/scripts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { toast, toastError } from "../../../lib/toast";
import { useDeleteScript } from "../api/delete-script";

/** Asks before deleting a script; a deleted default no longer greets callers. */
export function DeleteScriptDialog({ script, onClose }: { script: Script | null; onClose: () => void }) {
  const remove = useDeleteScript();
  const confirm = () => {
    if (!script) return;
    remove.mutate(script.id, {
      onSuccess: () => {
        toast({ title: "Success", description: SCRIPT_MESSAGES.deleted });
        onClose();
      },
      onError: (error) => {
        toastError("Error", SCRIPT_MESSAGES.deleteFailed, error);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={script !== null}
      onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}
      title="Delete this script?"
      description={
        script
          ? script.isDefault
            ? `${script.name} is your default script. Once deleted, callers hear your assistant's own greeting until you make another script the default.`
            : `${script.name} will be deleted. This cannot be undone.`
          : null
      }
      keepLabel="Keep Script"
      confirmLabel="Delete Script"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
