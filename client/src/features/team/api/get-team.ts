import { TeamOut } from "@common/workspaces";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { getParsed } from "../../../lib/api";
import { workspacesQueryOptions } from "../../../lib/auth/get-workspaces";

export const TEAM_URL = "/api/workspace/members";

/** GET /api/workspace/members: the members, the pending invitations and the plan's seats. */
export const getTeam = () => getParsed(TeamOut, TEAM_URL);

export const teamQueryOptions = queryOptions({ queryKey: [TEAM_URL], queryFn: getTeam });

export const useTeam = () => useQuery(teamQueryOptions);

/** After a change to the team: the team, and the member counts of the header's workspace list, read again. */
export function useRefreshTeam() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryOptions.queryKey }),
      ]),
    [queryClient],
  );
}
