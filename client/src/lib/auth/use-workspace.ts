import { type CurrentWorkspace, roleAtLeast, type WorkspaceRole } from "@common/workspaces";
import { useCallback } from "react";
import { useUser } from "./use-user";

/** Whether a member of `workspace` may do what needs `least`; nobody may while signed out or loading. */
export function canInWorkspace(workspace: CurrentWorkspace | undefined, least: WorkspaceRole): boolean {
  return workspace ? roleAtLeast(workspace.role, least) : false;
}

/**
 * The workspace this session works in (id, name and the member's role), from GET /api/user;
 * undefined while signed out or loading. `can("admin")` says whether the role is at least admin.
 * The server decides every request anyway: `can` only chooses what a screen offers.
 */
export function useWorkspace() {
  const { user } = useUser();
  const workspace = user?.workspace;
  const can = useCallback((least: WorkspaceRole) => canInWorkspace(workspace, least), [workspace]);
  return { workspace, can };
}
