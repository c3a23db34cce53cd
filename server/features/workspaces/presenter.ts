import type {
  Invitation,
  InvitationStatus,
  Member,
  WorkspaceRole,
  WorkspaceSettingsOut,
  WorkspaceSummary,
} from "../../../common/workspaces";
import type { InvitationRow, MemberRow, WorkspaceRow } from "./repository";

export function presentWorkspaceSummary(row: {
  workspace: WorkspaceRow;
  role: WorkspaceRole;
  memberCount: number;
}): WorkspaceSummary {
  return {
    id: row.workspace.id,
    name: row.workspace.name,
    role: row.role,
    planType: row.workspace.planType,
    memberCount: row.memberCount,
  };
}

/** The workspace the session works in, as the header shows it, with its default country. */
export function presentWorkspaceSettings(row: WorkspaceRow, role: WorkspaceRole): WorkspaceSettingsOut {
  return { id: row.id, name: row.name, role, defaultCountry: row.defaultCountry };
}

export function presentMember(row: MemberRow, actorId: string | undefined): Member {
  return {
    userId: row.userId,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    isYou: row.userId === actorId,
  };
}

/** A pending invitation past its day reads as expired, whether or not a sweep has marked it. */
export function presentInvitation(row: InvitationRow, invitedBy: string | null, now: Date): Invitation {
  const status: InvitationStatus =
    row.status === "pending" && row.expiresAt.getTime() <= now.getTime()
      ? "expired"
      : (row.status as InvitationStatus);
  return {
    id: row.id,
    email: row.email,
    role: row.role === "admin" ? "admin" : "agent",
    status,
    invitedBy: invitedBy ?? "A former member",
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
