import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { useRefreshTeam } from "./get-team";

/** DELETE /api/workspace/invitations/:id (owner): the link stops working and its seat is free again. */
export const withdrawInvitation = (id: string) =>
  apiRequest<void>("DELETE", `/api/workspace/invitations/${encodeURIComponent(id)}`);

export function useWithdrawInvitation() {
  const refreshTeam = useRefreshTeam();
  return useMutation({ mutationFn: withdrawInvitation, onSuccess: () => refreshTeam() });
}
