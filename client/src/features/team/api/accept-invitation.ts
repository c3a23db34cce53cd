import { WorkspaceSummary } from "@common/workspaces";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { requestParsed } from "../../../lib/api";
import { useEnterWorkspace } from "../../../lib/auth/session";

const Accepted = z.object({ workspace: WorkspaceSummary });

/** POST /api/invitations/:token/accept (signed in, the invited email): joins, and this session works there. */
export const acceptInvitation = (token: string) =>
  requestParsed(Accepted, "POST", `/api/invitations/${encodeURIComponent(token)}/accept`);

export function useAcceptInvitation() {
  const enterWorkspace = useEnterWorkspace();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async () => {
      await enterWorkspace();
    },
  });
}
