import { useQueryClient } from "@tanstack/react-query";
import { CONTACTS_URL } from "./get-contacts";

/** After any change: every contact list, the stats and the imports (all keyed under /api/contacts). */
export function useRefreshContacts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] });
}
