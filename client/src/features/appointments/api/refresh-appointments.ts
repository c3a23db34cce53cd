import { useQueryClient } from "@tanstack/react-query";
import { APPOINTMENTS_URL } from "./get-appointments";

/** After any change: every list and count here, and the dashboard's figures. */
export function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [APPOINTMENTS_URL] }),
      queryClient.invalidateQueries({ queryKey: ["/api/stats"] }),
    ]);
}
