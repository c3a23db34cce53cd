import type { Appointment, AppointmentUpdate } from "@common/appointments";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { APPOINTMENTS_URL, useRefreshAppointments } from "./appointments";

/** PATCH /api/appointments/:id: Edit saves the form; Cancel sends { status: "cancelled" }. */
export function useUpdateAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AppointmentUpdate }) =>
      apiRequest<Appointment>("PATCH", `${APPOINTMENTS_URL}/${id}`, change),
    onSuccess: refresh,
  });
}
