import { type Appointment, type AppointmentCreate, AppointmentOut } from "@common/appointments";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { APPOINTMENTS_URL } from "./get-appointments";
import { useRefreshAppointments } from "./refresh-appointments";

/** POST /api/appointments (409 with the clashing appointment unless allowOverlap). */
export function createAppointment(body: AppointmentCreate): Promise<Appointment> {
  return requestParsed(AppointmentOut, "POST", APPOINTMENTS_URL, body);
}

export function useCreateAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({ mutationFn: createAppointment, onSuccess: refresh });
}
