import type { Appointment } from "@common/appointments";
import { CalendarPlus, Plus } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { toast, toastError } from "../../lib/toast";
import { useUser } from "../auth/api/use-user";
import { useCallEvents } from "../calls/api/use-call-events";
import { useAppointments, useCreateAppointment } from "./api/appointments";
import { sampleTimes, upcoming } from "./appointment-time";
import { AppointmentDialog } from "./components/appointment-dialog";
import { AppointmentList } from "./components/appointment-list";
import { CalendarPanel } from "./components/calendar-panel";
import { CancelAppointmentDialog } from "./components/cancel-appointment-dialog";
import { QuickStats } from "./components/quick-stats";

/** The browser's zone until the user has loaded (the account's zone is what counts). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** Spec 1 §2.11: upcoming appointments, the new and edit dialog, calendar integration and quick stats. */
export function AppointmentsPage() {
  useCallEvents();
  const { user } = useUser();
  const timeZone = user?.timezone ?? browserTimeZone();
  const appointments = useAppointments();
  const createSample = useCreateAppointment();
  const [dialog, setDialog] = useState<{ open: boolean; appointment: Appointment | null }>({
    open: false,
    appointment: null,
  });
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const list = appointments.data ?? [];
  const scheduled = upcoming(list, new Date());

  const addSample = () =>
    createSample.mutate(
      {
        title: "Sample Consultation",
        description: "A sample appointment to show how scheduling works.",
        ...sampleTimes(new Date(), timeZone),
        attendeeName: "Alex Morgan",
        attendeeEmail: "alex.morgan@example.com",
        attendeePhone: "(555) 123-4567",
        status: "scheduled",
      },
      {
        onSuccess: () =>
          toast({
            title: "Appointment Created",
            description: "New appointment has been scheduled successfully.",
          }),
        onError: (error) => toastError("Error", "Failed to create appointment", error),
      },
    );

  return (
    <div className="grid gap-6">
      <div className="flex flex-col justify-between gap-4 sm:flex-row sm:items-center">
        <div>
          <h1 className="text-2xl font-bold">Appointments</h1>
          <p className="text-muted-foreground">Bookings from you and your assistant</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={addSample} disabled={createSample.isPending}>
            <CalendarPlus aria-hidden />
            {createSample.isPending ? "Creating..." : "Create Sample"}
          </Button>
          <Button onClick={() => setDialog({ open: true, appointment: null })}>
            <Plus aria-hidden />
            New Appointment
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Upcoming Appointments</CardTitle>
            <Badge variant="secondary" data-testid="scheduled-count">
              {scheduled.length} scheduled
            </Badge>
          </CardHeader>
          <CardContent>
            {appointments.isLoading ? (
              <p role="status" className="text-sm text-muted-foreground">
                Loading...
              </p>
            ) : appointments.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Appointments could not be loaded.{" "}
                <Button variant="link" className="h-auto p-0" onClick={() => appointments.refetch()}>
                  Try again
                </Button>
              </p>
            ) : (
              <AppointmentList
                appointments={scheduled}
                timeZone={timeZone}
                onEdit={(appointment) => setDialog({ open: true, appointment })}
                onCancel={setCancelling}
              />
            )}
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          <CalendarPanel />
          <QuickStats appointments={list} timeZone={timeZone} loading={appointments.isLoading} />
        </div>
      </div>

      <AppointmentDialog
        open={dialog.open}
        appointment={dialog.appointment}
        timeZone={timeZone}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <CancelAppointmentDialog
        appointment={cancelling}
        timeZone={timeZone}
        onClose={() => setCancelling(null)}
      />
    </div>
  );
}
