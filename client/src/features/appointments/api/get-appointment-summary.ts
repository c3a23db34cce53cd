import { AppointmentSummary } from "@common/appointments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { APPOINTMENTS_URL } from "./get-appointments";

/** GET /api/appointments/summary: the filter counts and Quick Stats, counted in the account's time zone. */
export const getAppointmentSummary = () => getParsed(AppointmentSummary, `${APPOINTMENTS_URL}/summary`);

export const appointmentSummaryQueryOptions = queryOptions({
  queryKey: [APPOINTMENTS_URL, "summary"],
  queryFn: getAppointmentSummary,
});

export const useAppointmentSummary = () => useQuery(appointmentSummaryQueryOptions);
