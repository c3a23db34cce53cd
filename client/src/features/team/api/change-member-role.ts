import { Member, type MemberRoleUpdate } from "@common/workspaces";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { useRefreshTeam } from "./get-team";

/** PATCH /api/workspace/members/:userId (owner): makes a member an agent or an admin. */
export const changeMemberRole = ({ userId, role }: { userId: string } & MemberRoleUpdate) =>
  requestParsed(Member, "PATCH", `/api/workspace/members/${encodeURIComponent(userId)}`, { role });

export function useChangeMemberRole() {
  const refreshTeam = useRefreshTeam();
  return useMutation({ mutationFn: changeMemberRole, onSuccess: () => refreshTeam() });
}
