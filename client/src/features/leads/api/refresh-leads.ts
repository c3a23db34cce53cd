import { useQueryClient } from "@tanstack/react-query";
import { CONTACTS_URL } from "./get-leads";

/** After an edit or a call: the lists and the stats (all keyed under /api/contacts), and the calls. */
export function useRefreshLeads() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith("/api/calls"),
      }),
    ]);
}
