import { TZDate } from "@date-fns/tz";
import { addMonths, addWeeks, format, startOfMonth, startOfWeek } from "date-fns";
import {
  type AppointmentFilter,
  type AppointmentStatus,
  type AppointmentSummary,
  END_BEFORE_START,
  MAX_APPOINTMENT_MINUTES,
  PAST_GRACE_MS,
  START_IN_PAST,
  TOO_LONG,
} from "../../../common/appointments";
import type { Db } from "../../db/client";
import { Invalid, notFound } from "../../domain/errors";
import { type AppointmentRepository, type AppointmentRow, appointmentRepository } from "./repository";

const MAX_DURATION_MS = MAX_APPOINTMENT_MINUTES * 60_000;

/** The acting account: who owns the appointments and the zone their times are told in. */
/** The workspace the appointments belong to, and the person booking (null: the assistant). */
export type AppointmentOwner = { id: string; timezone: string; actor?: { id: string } | null };

/** A validated new appointment (common/appointments AppointmentCreate after parsing). */
export type NewAppointmentInput = {
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
  attendeeName: string | null;
  attendeeEmail: string | null;
  attendeePhone: string | null;
  status: AppointmentStatus;
  allowOverlap: boolean;
};

/** A validated change (common/appointments AppointmentUpdate after parsing). */
export type AppointmentChange = {
  title?: string | undefined;
  description?: string | null | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  attendeeName?: string | null | undefined;
  attendeeEmail?: string | null | undefined;
  attendeePhone?: string | null | undefined;
  status?: AppointmentStatus | undefined;
  allowOverlap?: boolean | undefined;
};

/** Saved, or refused because it overlaps others and the caller did not say "book anyway". */
export type BookingResult =
  | { saved: AppointmentRow }
  | { overlaps: AppointmentRow[]; message: string; saved?: undefined };

/**
 * The rules for appointments people enter on the Appointments screen (and the API):
 * a scheduled appointment never starts in the past, and one that overlaps another scheduled
 * appointment is refused with the clash named unless `allowOverlap` says to book anyway.
 * The check and the write run under a per-account lock, so two bookings cannot race past it.
 */
export function appointmentService(db: Db, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const repository = appointmentRepository(db);

  /** Runs work in one transaction with the account's schedule locked. */
  function withScheduleLocked<T>(
    workspaceId: string,
    work: (repo: AppointmentRepository) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const repo = appointmentRepository(tx);
      await repo.lockSchedule(workspaceId);
      return work(repo);
    });
  }

  function refuseIfPast(start: Date): void {
    if (start.getTime() < now().getTime() - PAST_GRACE_MS) {
      throw new Invalid(START_IN_PAST, [{ path: "startTime", message: START_IN_PAST }]);
    }
  }

  return {
    list(user: AppointmentOwner, query: { filter: AppointmentFilter; page: number; limit: number }) {
      return repository.page(user.id, { ...query, now: now() });
    },

    /** Counts for the filter and Quick Stats; weeks run Monday to Sunday in the account's zone. */
    summary(user: AppointmentOwner): Promise<AppointmentSummary> {
      const today = new TZDate(now().getTime(), user.timezone);
      const weekStart = startOfWeek(today, { weekStartsOn: 1 });
      const monthStart = startOfMonth(today);
      return repository.summary(user.id, {
        now: now(),
        weekStart,
        weekEnd: addWeeks(weekStart, 1),
        monthStart,
        monthEnd: addMonths(monthStart, 1),
      });
    },

    async create(user: AppointmentOwner, input: NewAppointmentInput): Promise<BookingResult> {
      const start = new Date(input.startTime);
      const end = new Date(input.endTime);
      if (input.status === "scheduled") refuseIfPast(start);
      return withScheduleLocked(user.id, async (repo) => {
        if (input.status === "scheduled" && !input.allowOverlap) {
          const overlaps = await repo.overlapping(user.id, start, end);
          if (overlaps.length) return { overlaps, message: overlapMessage(overlaps, user.timezone) };
        }
        const saved = await repo.create(user.id, {
          createdBy: user.actor?.id ?? null,
          title: input.title,
          description: input.description,
          startTime: start,
          endTime: end,
          attendeeName: input.attendeeName,
          attendeeEmail: input.attendeeEmail,
          attendeePhone: input.attendeePhone,
          status: input.status,
        });
        return { saved };
      });
    },

    /**
     * Applies a change to one of the owner's appointments; another account's id is "not found".
     * Editing other fields of an appointment now past is fine; moving one, or making it
     * scheduled again, follows the booking rules.
     */
    async update(user: AppointmentOwner, id: string, change: AppointmentChange): Promise<BookingResult> {
      return withScheduleLocked(user.id, async (repo) => {
        const current = await repo.get(user.id, id);
        if (!current) throw notFound("That appointment");
        const start = change.startTime ? new Date(change.startTime) : current.startTime;
        const end = change.endTime ? new Date(change.endTime) : current.endTime;
        if (end <= start)
          throw new Invalid(END_BEFORE_START, [{ path: "endTime", message: END_BEFORE_START }]);
        if (end.getTime() - start.getTime() > MAX_DURATION_MS) {
          throw new Invalid(TOO_LONG, [{ path: "endTime", message: TOO_LONG }]);
        }
        const status = change.status ?? current.status;
        const moved =
          start.getTime() !== current.startTime.getTime() || end.getTime() !== current.endTime.getTime();
        const rebooked = status === "scheduled" && (moved || current.status !== "scheduled");
        if (rebooked) {
          refuseIfPast(start);
          if (!change.allowOverlap) {
            const overlaps = await repo.overlapping(user.id, start, end, id);
            if (overlaps.length) return { overlaps, message: overlapMessage(overlaps, user.timezone) };
          }
        }

        const fields: Parameters<AppointmentRepository["update"]>[2] = {};
        if (change.title !== undefined) fields.title = change.title;
        if (change.description !== undefined) fields.description = change.description;
        if (change.startTime !== undefined) fields.startTime = start;
        if (change.endTime !== undefined) fields.endTime = end;
        if (change.attendeeName !== undefined) fields.attendeeName = change.attendeeName;
        if (change.attendeeEmail !== undefined) fields.attendeeEmail = change.attendeeEmail;
        if (change.attendeePhone !== undefined) fields.attendeePhone = change.attendeePhone;
        if (change.status !== undefined) fields.status = change.status;

        const saved = await repo.update(user.id, id, fields);
        if (!saved) throw notFound("That appointment");
        return { saved };
      });
    },

    /**
     * The assistant's bookings during one caller turn, inside the turn's transaction: the
     * engine's appointment ports bound to the workspace and the call. `booked()` says whether
     * the turn booked one (usage counts it).
     */
    enginePorts(
      tx: Db,
      workspaceId: string,
      call: { id: string; callerName: string | null; phoneNumber: string },
    ) {
      const appointments = appointmentRepository(tx);
      let booked = false;
      return {
        booked: () => booked,
        ports: {
          busyIntervals: (from: Date, to: Date) => appointments.busy(workspaceId, from, to),
          async bookAppointment(input: { start: Date; end: Date; title: string; description: string }) {
            booked = true;
            const created = await appointments.create(workspaceId, {
              callId: call.id,
              title: input.title,
              description: input.description,
              startTime: input.start,
              endTime: input.end,
              attendeeName: call.callerName,
              attendeePhone: call.phoneNumber,
              status: "scheduled",
            });
            return { id: created.id };
          },
          async upcomingAppointment(when: Date) {
            const next = await appointments.nextFor(workspaceId, call.phoneNumber, when);
            return next ? { id: next.id, start: next.startTime, end: next.endTime } : null;
          },
          async cancelAppointment(id: string) {
            await appointments.update(workspaceId, id, { status: "cancelled" });
          },
          async moveAppointment(id: string, start: Date, end: Date) {
            await appointments.update(workspaceId, id, { startTime: start, endTime: end });
          },
        },
      };
    },

    /**
     * An appointment another area books inside its own transaction (a satellite installation,
     * booked when its order is paid): scheduled, with the schedule locked; overlaps allowed
     * (the booking area has its own capacity rule). Shows in the list and the calendar feed.
     */
    async bookIn(
      tx: Db,
      workspaceId: string,
      input: {
        title: string;
        description: string | null;
        start: Date;
        end: Date;
        attendeeName: string | null;
        attendeePhone: string | null;
        attendeeEmail: string | null;
        createdBy: string | null;
      },
    ): Promise<{ id: string }> {
      const repo = appointmentRepository(tx);
      await repo.lockSchedule(workspaceId);
      const saved = await repo.create(workspaceId, {
        createdBy: input.createdBy,
        title: input.title,
        description: input.description,
        startTime: input.start,
        endTime: input.end,
        attendeeName: input.attendeeName,
        attendeeEmail: input.attendeeEmail,
        attendeePhone: input.attendeePhone,
        status: "scheduled",
      });
      return { id: saved.id };
    },

    listForFeed: (workspaceId: string, since: Date, limit: number) =>
      repository.listForFeed(workspaceId, since, limit),
    countCreatedSince: (workspaceId: string, since: Date) => repository.countCreatedSince(workspaceId, since),
  };
}

/** "This overlaps with Kitchen consultation at Tuesday, March 4 at 9:00 AM (and 1 other)." */
export function overlapMessage(overlaps: AppointmentRow[], timeZone: string): string {
  const [first] = overlaps;
  if (!first) return "";
  const when = format(new TZDate(first.startTime.getTime(), timeZone), "EEEE, MMMM d 'at' h:mm a");
  const more = overlaps.length - 1;
  const others = more ? ` (and ${more} other appointment${more === 1 ? "" : "s"})` : "";
  return `This overlaps with ${first.title} at ${when}${others}.`;
}

export type AppointmentService = ReturnType<typeof appointmentService>;
