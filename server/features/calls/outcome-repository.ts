import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { calls } from "../../db/schema";
import type { CallRow } from "./repository";

/**
 * The agent a call belongs to: the one that answered its last turn (kept in its engine state),
 * else the one it was placed with. Calls no agent took have none.
 */
const callAgent = sql<
  string | null
>`coalesce(${calls.engineState} #>> '{assistant,agentId}', ${calls.agentId}::text)`;

/**
 * A person took part: the caller said something the assistant heard (a call with no caller turn
 * has no analysis) and it was not an answering machine.
 */
const answered = sql`${calls.analysis} is not null and ${calls.disposition} is distinct from 'voicemail'`;

/** One agent's ended real calls that came to one outcome (null: none settled). */
export type AgentOutcomeTally = {
  agentId: string;
  disposition: string | null;
  calls: number;
  answered: number;
};

/** The reads of what calls came to: a contact's calls, and the agents' outcomes. Every query is the workspace's. */
export function callOutcomeRepository(db: Db) {
  return {
    /**
     * A contact's calls, newest first: those placed to it, and those to or from its number (a
     * contact who called in, or was called before being saved). Exact count: a contact has few.
     */
    async contactCalls(
      workspaceId: string,
      contact: { id: string; phoneE164: string | null },
      page: { page: number; limit: number },
    ): Promise<{ rows: CallRow[]; total: number }> {
      const own: SQL[] = [eq(calls.contactId, contact.id)];
      if (contact.phoneE164) own.push(eq(calls.phoneNumber, contact.phoneE164));
      const where = and(eq(calls.workspaceId, workspaceId), or(...own));
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(calls)
          .where(where)
          .orderBy(desc(calls.createdAt), desc(calls.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(calls).where(where),
      ]);
      return { rows, total: count?.n ?? 0 };
    },

    /**
     * The last calls with a person, newest first: those placed to their contact, and those to or
     * from their number; test calls left out. The workspace's only.
     */
    async recentCalls(
      workspaceId: string,
      person: { contactId: string | null; phoneE164: string },
      limit: number,
    ): Promise<CallRow[]> {
      const own: SQL[] = [eq(calls.phoneNumber, person.phoneE164)];
      if (person.contactId) own.push(eq(calls.contactId, person.contactId));
      return db
        .select()
        .from(calls)
        .where(and(eq(calls.workspaceId, workspaceId), or(...own), eq(calls.isTest, false)))
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(limit);
    },

    /**
     * Each agent's ended real calls (test calls left out) by what they came to, and how many of
     * them a person answered, in one pass over the workspace's calls.
     */
    async agentOutcomes(workspaceId: string): Promise<AgentOutcomeTally[]> {
      const agentId = callAgent;
      const rows = await db
        .select({
          agentId,
          disposition: calls.disposition,
          calls: sql<number>`count(*)::int`,
          answered: sql<number>`(count(*) filter (where ${answered}))::int`,
        })
        .from(calls)
        .where(
          and(
            eq(calls.workspaceId, workspaceId),
            eq(calls.isTest, false),
            eq(calls.isActive, false),
            sql`${agentId} is not null`,
          ),
        )
        .groupBy(sql`1`, calls.disposition);
      return rows.flatMap((row) => (row.agentId ? [{ ...row, agentId: row.agentId }] : []));
    },
  };
}
