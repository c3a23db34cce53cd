import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import { notFound } from "../../domain/errors";
import type { AuthService } from "../auth/service";
import type { WorkspaceService } from "../workspaces/service";
import type { AdminCallsReport } from "./calls-report";

/** What deleting a person took with them: the audit log's "what was deleted". */
export type AccountDeletion = {
  sessionsEnded: number;
  /** Workspaces they owned alone, deleted with everything in them. */
  workspacesDeleted: string[];
  /** Workspaces they owned with a team: each passed to the next member. */
  workspacesHandedOver: { workspaceId: string; toUserId: string }[];
  /** Other people's workspaces they were a member of (the memberships went, the workspaces stay). */
  membershipsLeft: number;
  /** Calls in the deleted workspaces. */
  callsDeleted: number;
};

/**
 * Deletes a person with all their data in one transaction, each area writing its own tables:
 * teams deletes (or hands over) the workspaces they own, auth ends their sessions and deletes
 * them (memberships, suspensions and sign-in links go by their foreign keys, and every tenant
 * row of a deleted workspace by its). Once committed, every server forgets the cached sessions,
 * and the deleted workspaces' files under DATA_DIR are removed.
 */
export function accountDeletion(deps: {
  db: Db;
  auth: Pick<AuthService, "endAllSessionsIn" | "deleteUserIn" | "userDeleted">;
  workspaces: Pick<WorkspaceService, "releaseOwnedIn" | "workspacesChanged">;
  callsReport: Pick<AdminCallsReport, "membershipsOf">;
  /** Removes the deleted workspaces' folders under DATA_DIR (workspace-files.ts). */
  removeWorkspaceFiles?: (workspaceIds: readonly string[]) => Promise<number>;
  log?: { warn(details: object, message: string): void };
}) {
  /**
   * `guard` runs first inside the transaction, under a lock every deletion takes: two
   * administrators deleting each other at once are answered one after the other, so the second
   * sees the first's deletion (the last-administrator rule).
   */
  return async (userId: string, guard?: (tx: Db) => Promise<void>): Promise<AccountDeletion> => {
    const before = await deps.callsReport.membershipsOf(userId);
    const outcome = await deps.db.transaction(async (tx) => {
      await advisoryLock(tx, "deletion");
      await guard?.(tx);
      // Counted before a deleted workspace takes the sessions working in it along.
      const sessionsEnded = await deps.auth.endAllSessionsIn(tx, userId);
      const released = await deps.workspaces.releaseOwnedIn(tx, userId);
      // Gone already (another administrator was quicker): nothing of the above is kept.
      if (!(await deps.auth.deleteUserIn(tx, userId))) throw notFound("User");
      return { ...released, sessionsEnded };
    });
    deps.auth.userDeleted(userId);
    // Their files go after the rows: a failure here leaves files nobody can reach, never rows
    // pointing at missing files.
    await deps.removeWorkspaceFiles?.(outcome.deleted).catch((error: unknown) => {
      deps.log?.warn(
        { err: error, workspaceIds: outcome.deleted },
        "a deleted workspace's files could not be removed",
      );
      return 0;
    });
    deps.workspaces.workspacesChanged([
      ...outcome.deleted,
      ...outcome.handedOver.map((h) => h.workspaceId),
      ...before.filter((m) => m.role !== "owner").map((m) => m.workspaceId),
    ]);
    return {
      sessionsEnded: outcome.sessionsEnded,
      workspacesDeleted: outcome.deleted,
      workspacesHandedOver: outcome.handedOver,
      membershipsLeft: before.filter((m) => m.role !== "owner").length,
      callsDeleted: before
        .filter((m) => outcome.deleted.includes(m.workspaceId))
        .reduce((sum, m) => sum + m.calls, 0),
    };
  };
}

export type DeleteAccount = ReturnType<typeof accountDeletion>;
