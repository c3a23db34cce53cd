import { InvitationCreated } from "@common/workspaces";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshTeam } from "./get-team";

/** POST /api/workspace/invitations/:id/renew (owner): a new link for 7 more days; the old one stops working. */
export const renewInvitation = (id: string) =>
  requestParsed(InvitationCreated, "POST", `/api/workspace/invitations/${encodeURIComponent(id)}/renew`);

export function useRenewInvitation() {
  const refreshTeam = useRefreshTeam();
  return useMutation({ mutationFn: renewInvitation, onSuccess: () => refreshTeam() });
}
