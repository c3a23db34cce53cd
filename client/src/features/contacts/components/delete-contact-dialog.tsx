import { CONTACT_MESSAGES, type Contact } from "@common/contacts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { toast, toastError } from "../../../lib/toast";
import { useDeleteContact } from "../api/delete-contact";

/** Asks before deleting a contact; says so when it is gone, or the server's reason when it is not. */
export function DeleteContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const remove = useDeleteContact();
  const confirm = () => {
    if (!contact) return;
    remove.mutate(contact.id, {
      onSuccess: () => {
        toast({ title: "Success", description: CONTACT_MESSAGES.deleted });
        onClose();
      },
      onError: (error) => {
        toastError("Error", CONTACT_MESSAGES.deleteFailed, error);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}
      title="Delete this contact?"
      description={
        contact
          ? `${contact.name} will be removed from your contacts. Calls with them stay in your history.`
          : null
      }
      keepLabel="Keep Contact"
      confirmLabel="Delete Contact"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
