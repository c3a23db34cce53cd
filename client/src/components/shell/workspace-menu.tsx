import { type CurrentWorkspace, ROLE_LABELS, type WorkspaceSummary } from "@common/workspaces";
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { useWorkspaces } from "../../lib/auth/get-workspaces";
import { useSwitchWorkspace } from "../../lib/auth/switch-workspace";
import { cn } from "../../lib/cn";
import { toast, toastError } from "../../lib/toast";

// The switcher's dropdown (Radix Menu and its positioning) loads only for people in several
// workspaces; everyone else sees the name and role as plain text.
const WorkspaceSwitcher = lazy(() =>
  import("./workspace-switcher").then((m) => ({ default: m.WorkspaceSwitcher })),
);

/**
 * Switches the session to another workspace and lands on its dashboard, with fresh data;
 * `onSwitched` runs first (the phone sheet closes itself).
 */
export function useSwitchTo({ onSwitched }: { onSwitched?: () => void } = {}) {
  const navigate = useNavigate();
  const mutation = useSwitchWorkspace({
    onEntered: (entered) => {
      onSwitched?.();
      navigate("/");
      toast({
        title: "Workspace switched",
        description: `You are working in ${entered.name} as ${ROLE_LABELS[entered.role].toLowerCase()}.`,
      });
    },
    onFailed: (error) => toastError("Switch Failed", "Could not switch workspaces", error),
  });
  const switchTo = (target: WorkspaceSummary) => mutation.mutate(target.id);
  return { switchTo, pending: mutation.isPending };
}

/** The current workspace's name over the person's role there. */
export function WorkspaceLabel({
  workspace,
  className,
}: {
  workspace: CurrentWorkspace;
  className?: string;
}) {
  return (
    <span className={cn("grid min-w-0 text-left", className)}>
      <span className="truncate text-sm font-medium leading-tight" title={workspace.name}>
        {workspace.name}
      </span>
      <span className="truncate text-xs text-muted-foreground">{ROLE_LABELS[workspace.role]}</span>
    </span>
  );
}

/**
 * The desktop header's workspace: its name and the person's role, and for someone in several
 * workspaces a menu to switch between them.
 */
export function WorkspaceMenu({ workspace }: { workspace: CurrentWorkspace }) {
  const list = useWorkspaces();
  const workspaces = list.data?.workspaces ?? [];
  const plain = (
    <div className="flex min-w-0 max-w-64 px-2" data-testid="header-workspace">
      <span className="sr-only">Workspace: </span>
      <WorkspaceLabel workspace={workspace} />
    </div>
  );
  if (workspaces.length < 2) return plain;
  return (
    <Suspense fallback={plain}>
      <WorkspaceSwitcher workspace={workspace} workspaces={workspaces} />
    </Suspense>
  );
}
