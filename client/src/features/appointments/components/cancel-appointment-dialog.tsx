import type { Appointment } from "@common/appointments";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { formatDateTime } from "../../../lib/format";
import { toast, toastError } from "../../../lib/toast";
import { useUpdateAppointment } from "../api/update-appointment";

/** Asks before cancelling; a cancelled appointment leaves the list and the calendar feed. */
export function CancelAppointmentDialog({
  appointment,
  timeZone,
  onClose,
}: {
  appointment: Appointment | null;
  timeZone: string;
  onClose: () => void;
}) {
  const update = useUpdateAppointment();
  const confirm = () => {
    if (!appointment) return;
    update.mutate(
      { id: appointment.id, change: { status: "cancelled" } },
      {
        onSuccess: () => {
          toast({
            title: "Appointment Cancelled",
            description: `"${appointment.title}" has been cancelled.`,
          });
          onClose();
        },
        onError: (error) => toastError("Error", "Failed to cancel appointment", error),
      },
    );
  };
  return (
    <ConfirmDialog
      open={appointment !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Cancel this appointment?"
      description={
        appointment
          ? `"${appointment.title}" on ${formatDateTime(appointment.startTime, timeZone, "EEEE, MMMM d 'at' h:mm a")} will be cancelled and its time freed for new bookings.`
          : null
      }
      keepLabel="Keep Appointment"
      confirmLabel="Cancel Appointment"
      pendingLabel="Cancelling..."
      pending={update.isPending}
      onConfirm={confirm}
    />
  );
}
