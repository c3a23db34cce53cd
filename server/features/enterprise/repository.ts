import { and, count, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enterpriseEnquiries } from "../../db/schema";

export type EnquiryRow = typeof enterpriseEnquiries.$inferSelect;
export type NewEnquiry = Omit<typeof enterpriseEnquiries.$inferInsert, "id">;

/** The enterprise area's own table: contact-sales enquiries. */
export function enterpriseRepository(db: Db) {
  return {
    async insertEnquiry(values: NewEnquiry): Promise<EnquiryRow> {
      const [row] = await db.insert(enterpriseEnquiries).values(values).returning();
      if (!row) throw new Error("insert returned no enquiry");
      return row;
    },

    /** How many enquiries the person sent since `since` (the daily limit). */
    async countByUserSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(enterpriseEnquiries)
        .where(and(eq(enterpriseEnquiries.userId, userId), gt(enterpriseEnquiries.createdAt, since)));
      return row?.n ?? 0;
    },

    /**
     * Every workspace's enquiries, newest first: only for the platform administrator (the route
     * checks users.role = admin), the one reader who sees across workspaces by design.
     */
    async listAll(
      page: number,
      limit: number,
      status?: string,
    ): Promise<{ rows: EnquiryRow[]; total: number }> {
      const where = status ? eq(enterpriseEnquiries.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(enterpriseEnquiries)
          .where(where)
          .orderBy(desc(enterpriseEnquiries.createdAt), desc(enterpriseEnquiries.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(enterpriseEnquiries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The platform administrator moves an enquiry along; null when there is no such enquiry. */
    async setStatus(id: string, status: string, by: string, at: Date): Promise<EnquiryRow | null> {
      const [row] = await db
        .update(enterpriseEnquiries)
        .set({ status, statusChangedAt: at, statusChangedBy: by })
        .where(eq(enterpriseEnquiries.id, id))
        .returning();
      return row ?? null;
    },
  };
}
