import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { useRefreshTeam } from "./get-team";

/** DELETE /api/workspace/members/:userId (owner): the member's sessions in this workspace end at once. */
export const removeMember = (userId: string) =>
  apiRequest<void>("DELETE", `/api/workspace/members/${encodeURIComponent(userId)}`);

export function useRemoveMember() {
  const refreshTeam = useRefreshTeam();
  return useMutation({ mutationFn: removeMember, onSuccess: () => refreshTeam() });
}
