import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import type { AuthService } from "../auth/service";
import type { WorkspaceService } from "../workspaces/service";

/** What deleting one workspace took with it. */
export type WorkspaceDeletion = {
  workspaceId: string;
  /** People who belonged to it (the owner included); the others keep their accounts. */
  members: number;
  /** The owner's own account went too: it belonged to no other workspace. */
  ownerDeleted: boolean;
  /** The workspace's folders under DATA_DIR that were removed. */
  foldersRemoved: number;
};

/**
 * Deletes one workspace with everything in it, in one transaction under the lock every
 * deletion takes (a person's deletion by an administrator included): teams deletes the
 * workspace (every tenant row goes by its foreign key), and its owner's account goes too when
 * it belongs to no other workspace and is no platform administrator's. `guard` runs first under
 * the lock and may refuse (answers false): the deletion is then skipped and answers null.
 * Once committed, every server forgets the cached sessions, and the workspace's files go.
 */
export function workspaceDeletion(deps: {
  db: Db;
  auth: Pick<AuthService, "endAllSessionsIn" | "deleteUserIn" | "userDeleted">;
  workspaces: Pick<WorkspaceService, "deleteWorkspaceIn" | "workspacesChanged">;
  removeWorkspaceFiles: (workspaceIds: readonly string[]) => Promise<number>;
  log?: { warn(details: object, message: string): void };
}) {
  return async (
    workspaceId: string,
    guard: (tx: Db) => Promise<boolean>,
  ): Promise<WorkspaceDeletion | null> => {
    const outcome = await deps.db.transaction(async (tx) => {
      await advisoryLock(tx, "deletion");
      if (!(await guard(tx))) return null;
      const deleted = await deps.workspaces.deleteWorkspaceIn(tx, workspaceId);
      if (!deleted) return null;
      let ownerDeleted = false;
      if (deleted.ownerId && deleted.ownerLeftWithout && !deleted.ownerIsPlatformAdmin) {
        await deps.auth.endAllSessionsIn(tx, deleted.ownerId);
        ownerDeleted = await deps.auth.deleteUserIn(tx, deleted.ownerId);
      }
      return { ownerId: deleted.ownerId, members: deleted.members, ownerDeleted };
    });
    if (!outcome) return null;
    if (outcome.ownerDeleted && outcome.ownerId) deps.auth.userDeleted(outcome.ownerId);
    deps.workspaces.workspacesChanged([workspaceId]);
    // The files go after the rows: a failure here leaves files nobody can reach, never rows
    // pointing at missing files.
    const foldersRemoved = await deps.removeWorkspaceFiles([workspaceId]).catch((error: unknown) => {
      deps.log?.warn({ err: error, workspaceId }, "a deleted workspace's files could not be removed");
      return 0;
    });
    return { workspaceId, members: outcome.members, ownerDeleted: outcome.ownerDeleted, foldersRemoved };
  };
}

export type DeleteWorkspace = ReturnType<typeof workspaceDeletion>;
