import type { WorkspaceRole } from "../../common/workspaces";
import type { UserRow } from "../db/schema";
import type { WorkspaceRow } from "../features/workspaces/repository";

/** The workspace owner's details the assistant speaks and forwards with. */
export type OwnerProfile = { username: string; fullName: string | null; cellphoneNumber: string | null };

/**
 * Who a piece of work is done for and by: the workspace every row belongs to (its id is the
 * owner id every repository filters by), the acting member's role, and the person acting. A
 * carrier's webhook or a background job acts for the workspace with no person (`actor` null,
 * role owner). Built once per request by the session guard (server/http/guards.ts).
 */
export type Account = WorkspaceRow & {
  role: WorkspaceRole;
  actor: UserRow | null;
  owner: OwnerProfile;
};

/** Builds the Account a carrier or a job acts as: no person, the owner's powers. */
export type AccountLoader = { load(workspaceId: string): Promise<Account | undefined> };
