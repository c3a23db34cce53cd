import { WorkspaceSummary } from "@common/workspaces";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../api";
import { useEnterWorkspace } from "./session";

/** POST /api/workspaces/:id/switch: this session works in that workspace from now on. */
export const switchWorkspace = (id: string) =>
  requestParsed(WorkspaceSummary, "POST", `/api/workspaces/${encodeURIComponent(id)}/switch`);

/**
 * Switches, re-reads the account and drops everything cached for the previous workspace, then
 * calls `onEntered`. Given here rather than to `mutate`: the menu that asked may be gone by then
 * (the workspace list it was built from is read again), and `mutate`'s own callbacks die with it.
 */
export function useSwitchWorkspace({
  onEntered,
  onFailed,
}: {
  onEntered: (workspace: WorkspaceSummary) => void;
  onFailed: (error: unknown, id: string) => void;
}) {
  const enterWorkspace = useEnterWorkspace();
  return useMutation({
    mutationFn: switchWorkspace,
    onSuccess: async (entered) => {
      await enterWorkspace();
      onEntered(entered);
    },
    onError: onFailed,
  });
}
