import { InvitationPreview } from "@common/workspaces";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

/** GET /api/invitations/:token (public): who invites whom to which workspace, and whether it still works. */
export const getInvitation = (token: string) =>
  getParsed(InvitationPreview, `/api/invitations/${encodeURIComponent(token)}`);

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ["/api/invitations", token], queryFn: () => getInvitation(token) });

export const useInvitation = (token: string) => useQuery(invitationQueryOptions(token));
