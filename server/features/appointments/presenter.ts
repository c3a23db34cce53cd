import type { Appointment } from "../../../common/appointments";
import type { AppointmentRow } from "./repository";

export function presentAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    callId: row.callId,
    title: row.title,
    description: row.description,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    attendeeName: row.attendeeName,
    attendeeEmail: row.attendeeEmail,
    attendeePhone: row.attendeePhone,
    status: row.status as Appointment["status"],
    createdAt: row.createdAt.toISOString(),
  };
}
