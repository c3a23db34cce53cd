import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { workspaceRepository } from "./repository";

/**
 * What signing in and up need from the teams area, without the rest of it: where a person
 * lands, and a workspace of their own when they have none (the last team they were in removed
 * them). The auth area depends on this, never on the repository.
 */
export function workspaceDirectory(db: Db) {
  const repo = workspaceRepository(db);
  return {
    /** The workspace a new session of this person works in; creates one when they have none. */
    async landingFor(user: { id: string; username: string; fullName: string | null }): Promise<string> {
      const landing = await repo.landingWorkspace(user.id);
      if (landing) return landing;
      // Settings and a free subscription are created by their own areas the first time they are read.
      const created = await repo.create(
        { name: user.fullName?.trim() || user.username, planType: "free" },
        user.id,
      );
      return created.id;
    },

    /** The workspace as an Account with no person acting (webhooks, sweeps, jobs). */
    async load(workspaceId: string): Promise<Account | undefined> {
      const [workspace, owner] = await Promise.all([repo.get(workspaceId), repo.ownerOf(workspaceId)]);
      if (!workspace || !owner) return undefined;
      return {
        ...workspace,
        role: "owner",
        actor: null,
        owner: { username: owner.username, fullName: owner.fullName, cellphoneNumber: owner.cellphoneNumber },
      };
    },
  };
}

export type WorkspaceDirectory = ReturnType<typeof workspaceDirectory>;
