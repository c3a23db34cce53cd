import { AvailabilityResponse } from "@common/satellite";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { VIASAT_URL } from "./keys";

/** GET /api/viasat/availability?date=: the earliest day and the places left in each slot. */
export const availabilityQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [VIASAT_URL, "availability", date],
    queryFn: () =>
      getParsed(
        AvailabilityResponse,
        `${VIASAT_URL}/availability${date ? `?date=${encodeURIComponent(date)}` : ""}`,
      ),
  });

export const useAvailability = (date: string) => useQuery(availabilityQueryOptions(date));
