import { ROLE_LABELS, type WorkspaceRole } from "@common/workspaces";
import { Badge } from "../../../components/ui/badge";

const VARIANT = { owner: "default", admin: "secondary", agent: "outline" } as const;

export function RoleBadge({ role }: { role: WorkspaceRole }) {
  return (
    <Badge variant={VARIANT[role]} data-testid="role-badge">
      {ROLE_LABELS[role]}
    </Badge>
  );
}
