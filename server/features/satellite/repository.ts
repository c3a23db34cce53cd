import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { satelliteInstallationSlots, satelliteOrders, satellitePackages } from "../../db/schema";

export type PackageRow = typeof satellitePackages.$inferSelect;
export type OrderRow = typeof satelliteOrders.$inferSelect;
export type NewOrder = Omit<typeof satelliteOrders.$inferInsert, "id" | "workspaceId" | "createdAt">;
export type NewPackage = Omit<
  typeof satellitePackages.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt"
>;

/** The satellite area's own tables; every query is filtered by the workspace. */
export function satelliteRepository(db: Db) {
  return {
    packages(workspaceId: string): Promise<PackageRow[]> {
      return db
        .select()
        .from(satellitePackages)
        .where(eq(satellitePackages.workspaceId, workspaceId))
        .orderBy(asc(satellitePackages.position), asc(satellitePackages.createdAt));
    },

    /** The defaults, once: a second first read at the same moment inserts nothing more. */
    async seedPackages(workspaceId: string, rows: NewPackage[]): Promise<void> {
      await db
        .insert(satellitePackages)
        .values(rows.map((row) => ({ ...row, workspaceId })))
        .onConflictDoNothing();
    },

    async package(workspaceId: string, id: string): Promise<PackageRow | undefined> {
      const [row] = await db
        .select()
        .from(satellitePackages)
        .where(and(eq(satellitePackages.workspaceId, workspaceId), eq(satellitePackages.id, id)));
      return row;
    },

    async packageByPriceId(workspaceId: string, priceId: string): Promise<PackageRow | undefined> {
      const [row] = await db
        .select()
        .from(satellitePackages)
        .where(
          and(eq(satellitePackages.workspaceId, workspaceId), eq(satellitePackages.stripePriceId, priceId)),
        );
      return row;
    },

    async updatePackage(
      workspaceId: string,
      id: string,
      fields: Partial<NewPackage>,
    ): Promise<PackageRow | undefined> {
      const [row] = await db
        .update(satellitePackages)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(satellitePackages.workspaceId, workspaceId), eq(satellitePackages.id, id)))
        .returning();
      return row;
    },

    /**
     * Takes one place in a slot on a day, or none when it is full: one statement that inserts the
     * counter or adds one to it only below capacity, under the row's lock (two requests for the
     * last place: the second waits, re-reads, and finds it full). True when a place was taken.
     */
    async takePlace(workspaceId: string, day: string, slot: string, capacity: number): Promise<boolean> {
      const rows = await db
        .insert(satelliteInstallationSlots)
        .values({ workspaceId, day, slot, booked: 1, capacity })
        .onConflictDoUpdate({
          target: [
            satelliteInstallationSlots.workspaceId,
            satelliteInstallationSlots.day,
            satelliteInstallationSlots.slot,
          ],
          set: { booked: sql`${satelliteInstallationSlots.booked} + 1` },
          setWhere: sql`${satelliteInstallationSlots.booked} < ${satelliteInstallationSlots.capacity}`,
        })
        .returning({ booked: satelliteInstallationSlots.booked });
      return rows.length > 0;
    },

    /** Places taken per slot on a day. */
    async bookedOn(
      workspaceId: string,
      day: string,
    ): Promise<Map<string, { booked: number; capacity: number }>> {
      const rows = await db
        .select()
        .from(satelliteInstallationSlots)
        .where(
          and(
            eq(satelliteInstallationSlots.workspaceId, workspaceId),
            eq(satelliteInstallationSlots.day, day),
          ),
        );
      return new Map(rows.map((row) => [row.slot, { booked: row.booked, capacity: row.capacity }]));
    },

    async createOrder(workspaceId: string, values: NewOrder): Promise<OrderRow> {
      const [row] = await db
        .insert(satelliteOrders)
        .values({ ...values, workspaceId })
        .returning();
      if (!row) throw new Error("insert returned no order");
      return row;
    },

    async orderForCheckout(checkoutId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(satelliteOrders).where(eq(satelliteOrders.checkoutId, checkoutId));
      return row;
    },

    orders(
      workspaceId: string,
      filter: { contactId?: string | undefined; limit: number },
    ): Promise<OrderRow[]> {
      return db
        .select()
        .from(satelliteOrders)
        .where(
          and(
            eq(satelliteOrders.workspaceId, workspaceId),
            filter.contactId ? eq(satelliteOrders.contactId, filter.contactId) : undefined,
          ),
        )
        .orderBy(desc(satelliteOrders.createdAt))
        .limit(filter.limit);
    },
  };
}

export type SatelliteRepository = ReturnType<typeof satelliteRepository>;
