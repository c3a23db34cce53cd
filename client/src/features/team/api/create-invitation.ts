import { type InvitationCreate, InvitationCreated } from "@common/workspaces";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshTeam } from "./get-team";

/** POST /api/workspace/invitations (owner): the answer carries the link, the only time it is shown. */
export const createInvitation = (body: InvitationCreate) =>
  requestParsed(InvitationCreated, "POST", "/api/workspace/invitations", body);

export function useCreateInvitation() {
  const refreshTeam = useRefreshTeam();
  return useMutation({ mutationFn: createInvitation, onSuccess: () => refreshTeam() });
}
