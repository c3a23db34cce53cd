import { type Appointment, type AppointmentFilter, AppointmentOut, PAGE_HEADERS } from "@common/appointments";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { throwIfNotOk } from "../../../lib/api";

/** GET and POST /api/appointments; every query of this area is keyed under it. */
export const APPOINTMENTS_URL = "/api/appointments";
/** Appointments per "Load more". */
export const APPOINTMENTS_PER_PAGE = 20;

export type AppointmentsPage = {
  appointments: Appointment[];
  page: number;
  total: number;
  totalPages: number;
};

/** One page of a filter; the total and page count come in the response headers. */
export async function getAppointmentsPage(
  filter: AppointmentFilter,
  page: number,
): Promise<AppointmentsPage> {
  const query = new URLSearchParams({ filter, page: String(page), limit: String(APPOINTMENTS_PER_PAGE) });
  const response = await fetch(`${APPOINTMENTS_URL}?${query}`, { credentials: "include" });
  await throwIfNotOk(response);
  const number = (name: string) => Number(response.headers.get(name) ?? 0);
  return {
    appointments: z.array(AppointmentOut).parse(await response.json()),
    page: number(PAGE_HEADERS.page) || page,
    total: number(PAGE_HEADERS.total),
    totalPages: number(PAGE_HEADERS.totalPages),
  };
}

export const appointmentsQueryOptions = (filter: AppointmentFilter) =>
  infiniteQueryOptions({
    queryKey: [APPOINTMENTS_URL, "list", filter],
    queryFn: ({ pageParam }) => getAppointmentsPage(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

/** The filter's appointments so far, "Load more" for the next page, and the filter's total. */
export function useAppointments(filter: AppointmentFilter) {
  const query = useInfiniteQuery(appointmentsQueryOptions(filter));
  const pages = query.data?.pages ?? [];
  return {
    query,
    appointments: pages.flatMap((page) => page.appointments),
    total: pages.at(-1)?.total ?? 0,
  };
}
