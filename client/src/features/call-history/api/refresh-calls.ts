import { useQueryClient } from "@tanstack/react-query";
import { isCallQuery } from "../../../lib/shared-api/call-queries";

/** After a delete: every list, figure and count that could show the removed calls loads again. */
export function useRefreshCalls() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => isCallQuery(query.queryKey) });
}
