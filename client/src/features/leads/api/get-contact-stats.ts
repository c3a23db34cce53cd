import { ContactStats } from "@common/contacts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { CONTACTS_URL } from "./get-leads";

const STATS_URL = `${CONTACTS_URL}/stats`;

/** GET /api/contacts/stats ("Contact stats"), refreshed with the list every 30 s. */
export const contactStatsQueryOptions = queryOptions({
  queryKey: [CONTACTS_URL, "stats"],
  queryFn: () => getParsed(ContactStats, STATS_URL),
  refetchInterval: 30_000,
});

export const useContactStats = () => useQuery(contactStatsQueryOptions);
