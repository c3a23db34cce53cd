import { useQueryClient } from "@tanstack/react-query";
import { DIALER_URL } from "./get-campaigns";

/** Every query of this feature starts with an address under /api/autodialer. */
export const isDialerQuery = (key: readonly unknown[]) => String(key[0] ?? "").startsWith(DIALER_URL);

/**
 * After any change: campaigns, stats, leads, agents and the console all read the same tables
 * (a lead added changes a campaign's counts; a call ended changes an agent's and the stats).
 */
export function useRefreshDialer() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => isDialerQuery(query.queryKey) });
}
