import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessExtensions, businessHours, businessNumbers } from "../../db/schema";

export type BusinessNumberRow = typeof businessNumbers.$inferSelect;
export type ExtensionRow = typeof businessExtensions.$inferSelect;
export type HoursRow = typeof businessHours.$inferSelect;
export type NewBusinessNumber = Omit<typeof businessNumbers.$inferInsert, "id" | "workspaceId" | "createdAt">;
export type NewExtension = Pick<
  typeof businessExtensions.$inferInsert,
  "digits" | "name" | "target" | "forwardTo" | "agentId"
>;

/** Unique violation (PostgreSQL 23505), as node-postgres and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code;
  const causeCode = (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505" || causeCode === "23505";
}

/** The phone system's own tables; every query is filtered by the workspace. */
export function phoneSystemRepository(db: Db) {
  return {
    numbers(workspaceId: string): Promise<BusinessNumberRow[]> {
      return db
        .select()
        .from(businessNumbers)
        .where(eq(businessNumbers.workspaceId, workspaceId))
        .orderBy(asc(businessNumbers.createdAt), asc(businessNumbers.number));
    },

    async number(workspaceId: string, id: string): Promise<BusinessNumberRow | undefined> {
      const [row] = await db
        .select()
        .from(businessNumbers)
        .where(and(eq(businessNumbers.workspaceId, workspaceId), eq(businessNumbers.id, id)));
      return row;
    },

    async addNumber(workspaceId: string, values: NewBusinessNumber): Promise<BusinessNumberRow | undefined> {
      const [row] = await db
        .insert(businessNumbers)
        .values({ ...values, workspaceId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async updateNumber(
      workspaceId: string,
      id: string,
      values: Partial<NewBusinessNumber>,
    ): Promise<BusinessNumberRow | undefined> {
      const [row] = await db
        .update(businessNumbers)
        .set(values)
        .where(and(eq(businessNumbers.workspaceId, workspaceId), eq(businessNumbers.id, id)))
        .returning();
      return row;
    },

    async removeNumber(workspaceId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(businessNumbers)
        .where(and(eq(businessNumbers.workspaceId, workspaceId), eq(businessNumbers.id, id)))
        .returning({ id: businessNumbers.id });
      return removed.length > 0;
    },

    extensions(workspaceId: string, numberId: string): Promise<ExtensionRow[]> {
      return db
        .select()
        .from(businessExtensions)
        .where(
          and(
            eq(businessExtensions.workspaceId, workspaceId),
            eq(businessExtensions.businessNumberId, numberId),
          ),
        )
        .orderBy(asc(businessExtensions.digits));
    },

    async addExtension(workspaceId: string, numberId: string, values: NewExtension): Promise<ExtensionRow> {
      const [row] = await db
        .insert(businessExtensions)
        .values({ ...values, workspaceId, businessNumberId: numberId })
        .returning();
      return row as ExtensionRow;
    },

    async updateExtension(
      workspaceId: string,
      numberId: string,
      id: string,
      values: NewExtension,
    ): Promise<ExtensionRow | undefined> {
      const [row] = await db
        .update(businessExtensions)
        .set(values)
        .where(
          and(
            eq(businessExtensions.workspaceId, workspaceId),
            eq(businessExtensions.businessNumberId, numberId),
            eq(businessExtensions.id, id),
          ),
        )
        .returning();
      return row;
    },

    async removeExtension(workspaceId: string, numberId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(businessExtensions)
        .where(
          and(
            eq(businessExtensions.workspaceId, workspaceId),
            eq(businessExtensions.businessNumberId, numberId),
            eq(businessExtensions.id, id),
          ),
        )
        .returning({ id: businessExtensions.id });
      return removed.length > 0;
    },

    /** Hours of a number already known to be the workspace's. */
    hours(numberId: string): Promise<HoursRow[]> {
      return db
        .select()
        .from(businessHours)
        .where(eq(businessHours.businessNumberId, numberId))
        .orderBy(asc(businessHours.weekday));
    },

    /** Replaces the week's hours of a number already known to be the workspace's. */
    async replaceHours(numberId: string, days: { weekday: number; open: string; close: string }[]) {
      await db.transaction(async (tx) => {
        await tx.delete(businessHours).where(eq(businessHours.businessNumberId, numberId));
        if (days.length > 0)
          await tx.insert(businessHours).values(
            days.map((day) => ({
              businessNumberId: numberId,
              weekday: day.weekday,
              opensAt: day.open,
              closesAt: day.close,
            })),
          );
      });
    },
  };
}

export type PhoneSystemRepository = ReturnType<typeof phoneSystemRepository>;
