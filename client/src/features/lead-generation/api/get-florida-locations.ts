import { FloridaLocations } from "@common/lead-generation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { LEADS_URL } from "./keys";

/** GET /api/leads/florida-locations → {locations}: the dealer search's cities. */
export const floridaLocationsQueryOptions = queryOptions({
  queryKey: [LEADS_URL, "florida-locations"],
  queryFn: () => getParsed(FloridaLocations, `${LEADS_URL}/florida-locations`),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useFloridaLocations = () => useQuery(floridaLocationsQueryOptions);
