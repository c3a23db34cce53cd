import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appointments } from "../../db/schema";

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = Omit<
  typeof appointments.$inferInsert,
  "id" | "userId" | "createdAt" | "updatedAt"
>;

export function appointmentRepository(db: Db) {
  return {
    async list(userId: string): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(eq(appointments.userId, userId))
        .orderBy(asc(appointments.startTime));
    },

    async get(userId: string, id: string): Promise<AppointmentRow | undefined> {
      const [row] = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.userId, userId), eq(appointments.id, id)));
      return row;
    },

    async create(userId: string, input: NewAppointment): Promise<AppointmentRow> {
      const [row] = await db
        .insert(appointments)
        .values({ ...input, userId })
        .returning();
      if (!row) throw new Error("insert returned no appointment");
      return row;
    },

    async update(
      userId: string,
      id: string,
      fields: Partial<NewAppointment>,
    ): Promise<AppointmentRow | undefined> {
      const [row] = await db
        .update(appointments)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(appointments.userId, userId), eq(appointments.id, id)))
        .returning();
      return row;
    },

    /** Scheduled appointments overlapping [from, to): what the engine must not double-book. */
    async busy(userId: string, from: Date, to: Date): Promise<{ start: Date; end: Date }[]> {
      const rows = await db
        .select({ start: appointments.startTime, end: appointments.endTime })
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.status, "scheduled"),
            lt(appointments.startTime, to),
            gt(appointments.endTime, from),
          ),
        );
      return rows;
    },

    /** The caller's next scheduled appointment, matched by phone number. */
    async nextFor(userId: string, phone: string, now: Date): Promise<AppointmentRow | undefined> {
      const [row] = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.attendeePhone, phone),
            eq(appointments.status, "scheduled"),
            gt(appointments.startTime, now),
          ),
        )
        .orderBy(asc(appointments.startTime))
        .limit(1);
      return row;
    },

    /** What the private calendar feed lists: scheduled and completed appointments ending after `since`. */
    async listForFeed(userId: string, since: Date, limit: number): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, userId),
            inArray(appointments.status, ["scheduled", "completed"]),
            gte(appointments.endTime, since),
          ),
        )
        .orderBy(asc(appointments.startTime))
        .limit(limit);
    },

    async countCreatedSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, userId),
            ne(appointments.status, "cancelled"),
            gt(appointments.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type AppointmentRepository = ReturnType<typeof appointmentRepository>;
