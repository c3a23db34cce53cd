import { CurrentWorkspace } from "@common/workspaces";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshUser } from "../../../lib/auth/session";
import { useRefreshTeam } from "./get-team";

/** PATCH /api/workspace (admin or owner): renames the workspace this session works in. */
export const renameWorkspace = (name: string) =>
  requestParsed(CurrentWorkspace, "PATCH", "/api/workspace", { name });

export function useRenameWorkspace() {
  const refreshTeam = useRefreshTeam();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: renameWorkspace,
    // The header shows the name from the account; the team and the workspace list carry it too.
    onSuccess: () => Promise.all([refreshUser(), refreshTeam()]),
  });
}
