import {
  APPOINTMENT_FILTERS,
  type Appointment,
  type AppointmentFilter,
  AppointmentOverlap,
} from "@common/appointments";
import { CalendarPlus, Plus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useUser } from "../../lib/auth/use-user";
import { useCallEvents } from "../../lib/shared-api/use-call-events";
import { toast, toastError } from "../../lib/toast";
import { useCreateAppointment } from "./api/create-appointment";
import { useAppointmentSummary } from "./api/get-appointment-summary";
import { overlapText, sampleTimes } from "./appointment-time";
import { AppointmentDialog } from "./components/appointment-dialog";
import { AppointmentList } from "./components/appointment-list";
import { CalendarPanel } from "./components/calendar-panel";
import { CancelAppointmentDialog } from "./components/cancel-appointment-dialog";
import { QuickStats } from "./components/quick-stats";

/** The browser's zone until the user has loaded (the account's zone is what counts). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const FILTER_TABS: Record<AppointmentFilter, { tab: string; title: string }> = {
  upcoming: { tab: "Upcoming", title: "Upcoming Appointments" },
  past: { tab: "Past", title: "Past Appointments" },
  cancelled: { tab: "Cancelled", title: "Cancelled Appointments" },
  all: { tab: "All", title: "All Appointments" },
};

const isFilter = (value: string | null): value is AppointmentFilter =>
  (APPOINTMENT_FILTERS as readonly string[]).includes(value ?? "");

/**
 * The appointments list, the new and edit dialog, calendar integration and quick
 * stats. The list is filtered (upcoming, past, cancelled, all: kept in the address, so Back and
 * a shared link keep it) and paged by the server.
 */
export function AppointmentsPage() {
  useCallEvents();
  const { user } = useUser();
  const timeZone = user?.timezone ?? browserTimeZone();
  const summary = useAppointmentSummary();
  const createSample = useCreateAppointment();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("filter");
  const filter: AppointmentFilter = isFilter(requested) ? requested : "upcoming";
  const [dialog, setDialog] = useState<{ open: boolean; appointment: Appointment | null }>({
    open: false,
    appointment: null,
  });
  const [cancelling, setCancelling] = useState<Appointment | null>(null);

  const chooseFilter = (value: string) => {
    if (!isFilter(value)) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "upcoming") next.delete("filter");
        else next.set("filter", value);
        return next;
      },
      { replace: true },
    );
  };

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
        onError: (error) => {
          const clash = AppointmentOverlap.safeParse((error as { body?: unknown }).body);
          if (clash.success) {
            toast({
              title: "Sample Not Created",
              description: overlapText(clash.data.overlaps, timeZone),
              variant: "destructive",
            });
          } else toastError("Error", "Failed to create appointment", error);
        },
      },
    );

  const count = (f: AppointmentFilter) => (summary.data ? summary.data[f] : null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Appointments</h1>
          <p className="text-muted-foreground">Bookings from you and your assistant</p>
        </div>
        <div className="flex flex-wrap gap-2">
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

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader className="flex-row items-center justify-between gap-2">
            <CardTitle>{FILTER_TABS[filter].title}</CardTitle>
            <Badge variant="secondary" data-testid="scheduled-count">
              {summary.data ? summary.data.upcoming : "..."} scheduled
            </Badge>
          </CardHeader>
          <CardContent>
            <Tabs value={filter} onValueChange={chooseFilter}>
              <TabsList
                className="grid h-auto w-full grid-cols-2 sm:grid-cols-4"
                aria-label="Show appointments"
              >
                {APPOINTMENT_FILTERS.map((f) => (
                  <TabsTrigger key={f} value={f} className="gap-1.5">
                    {FILTER_TABS[f].tab}{" "}
                    {count(f) !== null ? (
                      <span className="rounded bg-muted-foreground/15 px-1.5 text-xs tabular-nums">
                        {count(f)}
                      </span>
                    ) : null}
                  </TabsTrigger>
                ))}
              </TabsList>
              {APPOINTMENT_FILTERS.map((f) => (
                <TabsContent key={f} value={f}>
                  <AppointmentList
                    filter={f}
                    timeZone={timeZone}
                    onEdit={(appointment) => setDialog({ open: true, appointment })}
                    onCancel={setCancelling}
                  />
                </TabsContent>
              ))}
            </Tabs>
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          <CalendarPanel />
          <QuickStats summary={summary.data} />
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
