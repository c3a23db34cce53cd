import { type Appointment, AppointmentOut, type AppointmentUpdate } from "@common/appointments";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { APPOINTMENTS_URL } from "./get-appointments";
import { useRefreshAppointments } from "./refresh-appointments";

/** PATCH /api/appointments/:id: Edit saves the form; Cancel sends { status: "cancelled" }. */
export function updateAppointment({
  id,
  change,
}: {
  id: string;
  change: AppointmentUpdate;
}): Promise<Appointment> {
  return requestParsed(AppointmentOut, "PATCH", `${APPOINTMENTS_URL}/${id}`, change);
}

export function useUpdateAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({ mutationFn: updateAppointment, onSuccess: refresh });
}
