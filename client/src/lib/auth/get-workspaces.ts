import { WorkspaceList } from "@common/workspaces";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../api";

export const WORKSPACES_URL = "/api/workspaces";

/** GET /api/workspaces: every workspace the signed-in person belongs to, and the one this session works in. */
export const getWorkspaces = () => getParsed(WorkspaceList, WORKSPACES_URL);

export const workspacesQueryOptions = queryOptions({ queryKey: [WORKSPACES_URL], queryFn: getWorkspaces });

/** The person's workspaces (for the header's switcher); nothing is asked while `enabled` is false. */
export function useWorkspaces({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...workspacesQueryOptions, enabled });
}
