import type { Appointment } from "@common/appointments";
import { Bot, CalendarDays, Clock, Mail, Pencil, Phone, PhoneCall, User, X } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { minutesBetween } from "../appointment-time";

/** The upcoming appointments, each with Edit and Cancel; ones the assistant booked link to their call. */
export function AppointmentList({
  appointments,
  timeZone,
  onEdit,
  onCancel,
}: {
  appointments: Appointment[];
  timeZone: string;
  onEdit: (appointment: Appointment) => void;
  onCancel: (appointment: Appointment) => void;
}) {
  if (appointments.length === 0) {
    return (
      <div className="py-10 text-center text-sm text-muted-foreground">
        <CalendarDays className="mx-auto mb-2 size-8" aria-hidden />
        <p className="font-medium text-foreground">No upcoming appointments</p>
        <p>Create one with New Appointment, or let your assistant book callers in.</p>
      </div>
    );
  }
  return (
    <ul className="divide-y" aria-label="Upcoming appointments">
      {appointments.map((appointment) => (
        <AppointmentItem
          key={appointment.id}
          appointment={appointment}
          timeZone={timeZone}
          onEdit={() => onEdit(appointment)}
          onCancel={() => onCancel(appointment)}
        />
      ))}
    </ul>
  );
}

function AppointmentItem({
  appointment,
  timeZone,
  onEdit,
  onCancel,
}: {
  appointment: Appointment;
  timeZone: string;
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
          <p className="font-medium break-words">{appointment.title}</p>
          {appointment.callId ? (
            <Badge variant="secondary" className="gap-1">
              <Bot className="size-3" aria-hidden /> Assistant
            </Badge>
          ) : null}
        </div>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <Clock className="size-3.5 shrink-0" aria-hidden />
          <span>
            {formatDateTime(appointment.startTime, timeZone, "EEEE, MMMM d, h:mm a")} to{" "}
            {formatDateTime(appointment.endTime, timeZone, "h:mm a")} ({minutes} min)
          </span>
        </p>
        {appointment.description ? (
          <p className="text-sm whitespace-pre-line break-words">{appointment.description}</p>
        ) : null}
        {appointment.attendeeName || appointment.attendeeEmail || appointment.attendeePhone ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {appointment.attendeeName ? (
              <span className="flex items-center gap-1">
                <User className="size-3.5" aria-hidden />
                {appointment.attendeeName}
              </span>
            ) : null}
            {appointment.attendeeEmail ? (
              <a
                href={`mailto:${appointment.attendeeEmail}`}
                className="flex items-center gap-1 underline-offset-2 hover:underline"
              >
                <Mail className="size-3.5" aria-hidden />
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
        <Button variant="outline" size="sm" onClick={onCancel} className="text-destructive">
          <X aria-hidden />
          Cancel<span className="sr-only"> {appointment.title}</span>
        </Button>
      </div>
    </li>
  );
}
