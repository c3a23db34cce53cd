import type { Appointment, AppointmentCreate } from "@common/appointments";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** GET and POST /api/appointments (spec 1 §7.2). */
export const APPOINTMENTS_URL = "/api/appointments";

export const appointmentsQuery = queryOptions<Appointment[]>({ queryKey: [APPOINTMENTS_URL] });

export const useAppointments = () => useQuery(appointmentsQuery);

/** After any change: the list here and the dashboard's figures. */
export function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [APPOINTMENTS_URL] }),
      queryClient.invalidateQueries({ queryKey: ["/api/stats"] }),
    ]);
}

export function useCreateAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: (body: AppointmentCreate) => apiRequest<Appointment>("POST", APPOINTMENTS_URL, body),
    onSuccess: refresh,
  });
}
