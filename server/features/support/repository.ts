import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { supportRequests } from "../../db/schema";

export type SupportRequestRow = typeof supportRequests.$inferSelect;
export type NewSupportRequest = Omit<typeof supportRequests.$inferInsert, "id">;

/** The support area's own table. */
export function supportRepository(db: Db) {
  return {
    async insert(values: NewSupportRequest): Promise<SupportRequestRow> {
      const [row] = await db.insert(supportRequests).values(values).returning();
      if (!row) throw new Error("insert returned no support request");
      return row;
    },

    async countByUserSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(supportRequests)
        .where(and(eq(supportRequests.userId, userId), gt(supportRequests.createdAt, since)));
      return row?.n ?? 0;
    },

    /** One person's requests in their workspace, newest first. */
    async listMine(workspaceId: string, userId: string, page: number, limit: number) {
      const where = and(eq(supportRequests.workspaceId, workspaceId), eq(supportRequests.userId, userId));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(supportRequests)
          .where(where)
          .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(supportRequests).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * The queue across every workspace, for the platform administrator only (the route checks
     * users.role = admin): priority first, then oldest first, so nobody waits behind newer asks.
     */
    async queue(status: string, page: number, limit: number) {
      const where = eq(supportRequests.status, status);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(supportRequests)
          .where(where)
          .orderBy(
            sql`case when ${supportRequests.priority} = 'priority' then 0 else 1 end`,
            asc(supportRequests.createdAt),
            asc(supportRequests.id),
          )
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(supportRequests).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(id: string): Promise<SupportRequestRow | undefined> {
      const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
      return row;
    },

    async recordReply(
      id: string,
      reply: string,
      by: string,
      at: Date,
    ): Promise<SupportRequestRow | undefined> {
      const [row] = await db
        .update(supportRequests)
        .set({ reply, repliedAt: at, repliedBy: by, status: "answered" })
        .where(eq(supportRequests.id, id))
        .returning();
      return row;
    },
  };
}
