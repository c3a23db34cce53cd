import { useQueryClient } from "@tanstack/react-query";
import { isCallQuery } from "../../../lib/shared-api/call-queries";

/** After a change to a call: every list, figure and count that shows it loads again. */
export function useRefreshCalls() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => isCallQuery(query.queryKey) });
}
