import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { DO_NOT_CALL_URL, useRefreshDoNotCall } from "./get-do-not-call";

/** DELETE /api/do-not-call/:id (204). */
export const removeDoNotCall = (id: string): Promise<unknown> =>
  apiRequest("DELETE", `${DO_NOT_CALL_URL}/${encodeURIComponent(id)}`);

export function useRemoveDoNotCall() {
  const refresh = useRefreshDoNotCall();
  return useMutation({ mutationFn: removeDoNotCall, onSuccess: refresh });
}
