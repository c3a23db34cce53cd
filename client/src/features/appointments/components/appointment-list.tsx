import type { Appointment, AppointmentFilter } from "@common/appointments";
import { Bot, CalendarDays, Clock, Mail, Pencil, Phone, PhoneCall, User, X } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { useAppointments } from "../api/get-appointments";
import { minutesBetween } from "../appointment-time";

const EMPTY: Record<AppointmentFilter, { title: string; hint: string }> = {
  upcoming: {
    title: "No upcoming appointments",
    hint: "Create one with New Appointment, or let your assistant book callers in.",
  },
  past: {
    title: "No past appointments",
    hint: "Appointments move here once they are over or marked completed.",
  },
  cancelled: {
    title: "No cancelled appointments",
    hint: "Appointments you or a caller cancel are kept here.",
  },
  all: {
    title: "No appointments yet",
    hint: "Create one with New Appointment, or let your assistant book callers in.",
  },
};

const LIST_NAMES: Record<AppointmentFilter, string> = {
  upcoming: "Upcoming appointments",
  past: "Past appointments",
  cancelled: "Cancelled appointments",
  all: "All appointments",
};

/**
 * One filter's appointments, a page at a time from the server with "Load more"; each has Edit,
 * and Cancel while it is still ahead; ones the assistant booked link to their call.
 */
export function AppointmentList({
  filter,
  timeZone,
  onEdit,
  onCancel,
}: {
  filter: AppointmentFilter;
  timeZone: string;
  onEdit: (appointment: Appointment) => void;
  onCancel: (appointment: Appointment) => void;
}) {
  const { query, appointments, total } = useAppointments(filter);
  if (query.isPending) {
    return (
      <p role="status" className="py-6 text-sm text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="py-6 text-sm text-destructive">
        Appointments could not be loaded.{" "}
        <Button variant="link" className="h-auto p-0" onClick={() => query.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (appointments.length === 0) {
    return (
      <div className="py-10 text-center text-sm text-muted-foreground">
        <CalendarDays className="mx-auto mb-2 size-8" aria-hidden />
        <p className="font-medium text-foreground">{EMPTY[filter].title}</p>
        <p>{EMPTY[filter].hint}</p>
      </div>
    );
  }
  const now = Date.now();
  return (
    <div className="grid gap-3">
      <ul className="divide-y" aria-label={LIST_NAMES[filter]}>
        {appointments.map((appointment) => (
          <AppointmentItem
            key={appointment.id}
            appointment={appointment}
            timeZone={timeZone}
            over={new Date(appointment.endTime).getTime() < now}
            onEdit={() => onEdit(appointment)}
            onCancel={() => onCancel(appointment)}
          />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3 text-sm text-muted-foreground">
        <p data-testid="appointments-shown">
          Showing {appointments.length} of {total}
        </p>
        {query.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The day, with the year when it is not this year's ("Monday, March 3, 2025, 9:00 AM"). */
function dayPattern(iso: string, timeZone: string): string {
  const sameYear =
    formatDateTime(iso, timeZone, "yyyy") === formatDateTime(new Date().toISOString(), timeZone, "yyyy");
  return sameYear ? "EEEE, MMMM d, h:mm a" : "EEEE, MMMM d, yyyy, h:mm a";
}

/** How an appointment that is not simply ahead is marked. */
function statusBadge(appointment: Appointment, over: boolean) {
  if (appointment.status === "cancelled") return <Badge variant="destructive">Cancelled</Badge>;
  if (appointment.status === "completed") return <Badge variant="success">Completed</Badge>;
  if (over) return <Badge variant="outline">Past</Badge>;
  return null;
}

function AppointmentItem({
  appointment,
  timeZone,
  over,
  onEdit,
  onCancel,
}: {
  appointment: Appointment;
  timeZone: string;
  /** Already ended. */
  over: boolean;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const minutes = minutesBetween(appointment.startTime, appointment.endTime);
  const callLink = appointment.attendeePhone
    ? `/call-history?search=${encodeURIComponent(appointment.attendeePhone)}`
    : "/call-history";
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 font-medium wrap-anywhere">{appointment.title}</p>
          {statusBadge(appointment, over)}
          {appointment.callId ? (
            <Badge variant="secondary" className="gap-1">
              <Bot className="size-3" aria-hidden /> Assistant
            </Badge>
          ) : null}
        </div>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <Clock className="size-3.5 shrink-0" aria-hidden />
          <span>
            {formatDateTime(appointment.startTime, timeZone, dayPattern(appointment.startTime, timeZone))} to{" "}
            {formatDateTime(appointment.endTime, timeZone, "h:mm a")} ({minutes} min)
          </span>
        </p>
        {appointment.description ? (
          <p className="text-sm whitespace-pre-line wrap-anywhere">{appointment.description}</p>
        ) : null}
        {appointment.attendeeName || appointment.attendeeEmail || appointment.attendeePhone ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground wrap-anywhere">
            {appointment.attendeeName ? (
              <span className="flex min-w-0 items-center gap-1">
                <User className="size-3.5 shrink-0" aria-hidden />
                {appointment.attendeeName}
              </span>
            ) : null}
            {appointment.attendeeEmail ? (
              <a
                href={`mailto:${appointment.attendeeEmail}`}
                className="flex min-w-0 items-center gap-1 underline-offset-2 hover:underline"
              >
                <Mail className="size-3.5 shrink-0" aria-hidden />
                {appointment.attendeeEmail}
              </a>
            ) : null}
            {appointment.attendeePhone ? (
              <span className="flex items-center gap-1">
                <Phone className="size-3.5" aria-hidden />
                {appointment.attendeePhone}
              </span>
            ) : null}
          </div>
        ) : null}
        {appointment.callId ? (
          <Link
            to={callLink}
            className="flex w-fit items-center gap-1 text-xs font-medium text-primary underline-offset-2 hover:underline"
          >
            <PhoneCall className="size-3" aria-hidden /> Booked by your assistant during a call
          </Link>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden />
          Edit<span className="sr-only"> {appointment.title}</span>
        </Button>
        {appointment.status === "scheduled" && !over ? (
          <Button variant="outline" size="sm" onClick={onCancel} className="text-destructive">
            <X aria-hidden />
            Cancel<span className="sr-only"> {appointment.title}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
