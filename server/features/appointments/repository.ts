import { and, asc, desc, eq, gt, gte, inArray, lt, ne, not, or, type SQL, sql } from "drizzle-orm";
import {
  type AppointmentFilter,
  type AppointmentSummary,
  MAX_APPOINTMENT_MINUTES,
} from "../../../common/appointments";
import type { Db } from "../../db/client";
import { advisoryLock } from "../../db/locks";
import { appointments } from "../../db/schema";

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = Omit<
  typeof appointments.$inferInsert,
  "id" | "workspaceId" | "createdAt" | "updatedAt"
>;

/**
 * No appointment lasts longer (common/appointments refuses more), so one that ends after an
 * instant starts less than this before it: the bound lets the (user, status, start) index find
 * the appointments still running at an instant without reading the account's whole history.
 */
const LONGEST_MS = MAX_APPOINTMENT_MINUTES * 60_000;
const startsAfter = (instant: Date) => gt(appointments.startTime, new Date(instant.getTime() - LONGEST_MS));

/** Scheduled and not over at `now`. */
function upcomingAt(now: Date): SQL {
  return sql`(${appointments.status} = 'scheduled' and ${startsAfter(now)} and ${gte(appointments.endTime, now)})`;
}

/**
 * Upcoming: scheduled and not yet over. Past: completed, or scheduled and over. Cancelled.
 * Each appointment is in exactly one of the three. Indexes: appointments_user_status_start_idx
 * serves upcoming, cancelled and the overlap checks; appointments_user_start_idx past and all.
 */
function filterCondition(workspaceId: string, filter: AppointmentFilter, now: Date): SQL | undefined {
  const owner = eq(appointments.workspaceId, workspaceId);
  switch (filter) {
    case "upcoming":
      return and(owner, upcomingAt(now));
    case "past":
      return and(
        owner,
        or(
          eq(appointments.status, "completed"),
          and(eq(appointments.status, "scheduled"), not(upcomingAt(now))),
        ),
      );
    case "cancelled":
      return and(owner, eq(appointments.status, "cancelled"));
    case "all":
      return owner;
  }
}

export function appointmentRepository(db: Db) {
  /**
   * Serialises bookings for one account until the transaction ends, so two requests (or a
   * request and a call) cannot both find a time free and both take it.
   */
  async function lockSchedule(workspaceId: string): Promise<void> {
    await advisoryLock(db, "appointments", workspaceId);
  }

  return {
    /** One page of a filter and how many the filter holds in all. */
    async page(
      workspaceId: string,
      options: { filter: AppointmentFilter; page: number; limit: number; now: Date },
    ): Promise<{ rows: AppointmentRow[]; total: number }> {
      const where = filterCondition(workspaceId, options.filter, options.now);
      // Upcoming and all read soonest first; past and cancelled are looked back on, latest first.
      const latestFirst = options.filter === "past" || options.filter === "cancelled";
      const order = latestFirst
        ? [desc(appointments.startTime), desc(appointments.id)]
        : [asc(appointments.startTime), asc(appointments.id)];
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(appointments)
          .where(where)
          .orderBy(...order)
          .limit(options.limit)
          .offset((options.page - 1) * options.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(appointments).where(where),
      ]);
      return { rows, total: counted[0]?.n ?? 0 };
    },

    /** The filter counts and Quick Stats in one pass over the owner's appointments. */
    async summary(
      workspaceId: string,
      at: { now: Date; weekStart: Date; weekEnd: Date; monthStart: Date; monthEnd: Date },
    ): Promise<AppointmentSummary> {
      const isUpcoming = upcomingAt(at.now);
      const live = sql`${appointments.status} <> 'cancelled'`;
      const startsIn = (from: Date, to: Date) =>
        sql`${live} and ${appointments.startTime} >= ${from} and ${appointments.startTime} < ${to}`;
      const [row] = await db
        .select({
          all: sql<number>`count(*)::int`,
          upcoming: sql<number>`(count(*) filter (where ${isUpcoming}))::int`,
          cancelled: sql<number>`(count(*) filter (where ${appointments.status} = 'cancelled'))::int`,
          completed: sql<number>`(count(*) filter (where ${appointments.status} = 'completed'))::int`,
          thisWeek: sql<number>`(count(*) filter (where ${startsIn(at.weekStart, at.weekEnd)}))::int`,
          thisMonth: sql<number>`(count(*) filter (where ${startsIn(at.monthStart, at.monthEnd)}))::int`,
        })
        .from(appointments)
        .where(eq(appointments.workspaceId, workspaceId));
      const counts = row ?? { all: 0, upcoming: 0, cancelled: 0, completed: 0, thisWeek: 0, thisMonth: 0 };
      return { ...counts, past: counts.all - counts.upcoming - counts.cancelled };
    },

    /**
     * Scheduled appointments overlapping [start, end), but `exceptId`: what a new or moved
     * appointment would collide with, soonest first.
     */
    async overlapping(
      workspaceId: string,
      start: Date,
      end: Date,
      exceptId?: string,
    ): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.workspaceId, workspaceId),
            eq(appointments.status, "scheduled"),
            startsAfter(start),
            gt(appointments.endTime, start),
            lt(appointments.startTime, end),
            exceptId ? ne(appointments.id, exceptId) : undefined,
          ),
        )
        .orderBy(asc(appointments.startTime))
        .limit(20);
    },

    lockSchedule,

    async get(workspaceId: string, id: string): Promise<AppointmentRow | undefined> {
      const [row] = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.workspaceId, workspaceId), eq(appointments.id, id)));
      return row;
    },

    async create(workspaceId: string, input: NewAppointment): Promise<AppointmentRow> {
      const [row] = await db
        .insert(appointments)
        .values({ ...input, workspaceId })
        .returning();
      if (!row) throw new Error("insert returned no appointment");
      return row;
    },

    async update(
      workspaceId: string,
      id: string,
      fields: Partial<NewAppointment>,
    ): Promise<AppointmentRow | undefined> {
      const [row] = await db
        .update(appointments)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(appointments.workspaceId, workspaceId), eq(appointments.id, id)))
        .returning();
      return row;
    },

    /**
     * Scheduled appointments overlapping [from, to): what the engine must not double-book.
     * Inside a transaction (a call's turn) it also takes the schedule lock, so the engine's
     * check-then-book cannot interleave with a booking from the screen.
     */
    async busy(workspaceId: string, from: Date, to: Date): Promise<{ start: Date; end: Date }[]> {
      await lockSchedule(workspaceId);
      const rows = await db
        .select({ start: appointments.startTime, end: appointments.endTime })
        .from(appointments)
        .where(
          and(
            eq(appointments.workspaceId, workspaceId),
            eq(appointments.status, "scheduled"),
            startsAfter(from),
            lt(appointments.startTime, to),
            gt(appointments.endTime, from),
          ),
        );
      return rows;
    },

    /** The caller's next scheduled appointment, matched by phone number. */
    async nextFor(workspaceId: string, phone: string, now: Date): Promise<AppointmentRow | undefined> {
      const [row] = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.workspaceId, workspaceId),
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
    async listForFeed(workspaceId: string, since: Date, limit: number): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.workspaceId, workspaceId),
            inArray(appointments.status, ["scheduled", "completed"]),
            gte(appointments.endTime, since),
          ),
        )
        .orderBy(asc(appointments.startTime))
        .limit(limit);
    },

    async countCreatedSince(workspaceId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(
          and(
            eq(appointments.workspaceId, workspaceId),
            ne(appointments.status, "cancelled"),
            gt(appointments.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type AppointmentRepository = ReturnType<typeof appointmentRepository>;
