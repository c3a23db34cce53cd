import type { WorkspaceRole } from "@common/workspaces";
import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/** Who can change what a member below `least` sees but may not change, in the server's words. */
export function roleChangeMessage(least: WorkspaceRole): string {
  return least === "owner"
    ? "Only the workspace owner can change this."
    : `Only a workspace ${least} or owner can change this.`;
}

/**
 * Said where a control is hidden or disabled for the member's role, so nobody fills a form the
 * server would refuse. `children` replaces the default words.
 */
export function RoleNote({
  least,
  className,
  children,
}: {
  least: WorkspaceRole;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <p
      className={cn("flex items-start gap-2 text-sm text-muted-foreground", className)}
      data-testid="role-note"
    >
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children ?? roleChangeMessage(least)}</span>
    </p>
  );
}
