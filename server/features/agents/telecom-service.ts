import { AGENT_NOT_FOUND, MAX_AGENTS } from "../../../common/agents";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, NotFound } from "../../domain/errors";
import { type TelecomAgentFields, type TelecomAgentRow, telecomAgentRepository } from "./telecom-repository";

export type { TelecomAgentRow };

type SaveBody = Omit<TelecomAgentFields, "salesGoals"> & {
  id?: string | undefined;
  salesGoals: { dailyTarget: number; bundlePreference: number; upsellRate: number };
};

export const TELECOM_LIMIT_MESSAGE = `A workspace can keep at most ${MAX_AGENTS} telecom agents. Delete one you no longer use to create another.`;

/** Telecom sales agents of /agent-manager, per workspace. */
export function telecomAgentService({ db }: { db: Db }) {
  const repo = telecomAgentRepository(db);
  return {
    list: (account: Account) => repo.list(account.id),

    /** Save: a new agent without an id, or replaces the workspace's agent with that id. */
    async save(account: Account, body: SaveBody): Promise<{ row: TelecomAgentRow; created: boolean }> {
      const { id, ...fields } = body;
      if (id) {
        const row = await repo.replace(account.id, id, fields);
        if (!row) throw new NotFound(AGENT_NOT_FOUND);
        return { row, created: false };
      }
      if ((await repo.count(account.id)) >= MAX_AGENTS) throw new Conflict(TELECOM_LIMIT_MESSAGE);
      return { row: await repo.insert(account.id, fields), created: true };
    },

    async remove(account: Account, id: string): Promise<TelecomAgentRow> {
      const row = await repo.remove(account.id, id);
      if (!row) throw new NotFound(AGENT_NOT_FOUND);
      return row;
    },
  };
}

export type TelecomAgentService = ReturnType<typeof telecomAgentService>;
