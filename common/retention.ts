import { z } from "zod";

/**
 * How long the service keeps what it stores, as the Terms promise it: the Terms screen's text
 * and the clean-up jobs (server/features/retention) read these same numbers.
 */

/** A call's recording (and a voicemail's audio) is deleted this many days after the call. */
export const RECORDING_RETENTION_DAYS = 90;

/** A workspace's data is deleted this many days after its subscription ended. */
export const DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION = 30;

/**
 * The owner is told by email this many days before the workspace's data is deleted; a
 * workspace is never deleted sooner than this after the warning was sent.
 */
export const DATA_DELETION_WARNING_DAYS = 7;

const DAY_MS = 86_400_000;

/** `days` whole days after `at`. */
export function daysAfter(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/**
 * When a workspace whose subscription ended at `endedAt` has its data deleted: the retention
 * period after the end, or the day after the administrator's "keep data until" date, whichever
 * is later (a kept date is kept whole, to its end in UTC).
 */
export function dataDeletionDate(endedAt: Date, keepDataUntil: string | null): Date {
  const byTerms = daysAfter(endedAt, DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION);
  if (!keepDataUntil) return byTerms;
  const keptTo = daysAfter(new Date(`${keepDataUntil}T00:00:00.000Z`), 1);
  return keptTo.getTime() > byTerms.getTime() ? keptTo : byTerms;
}

/** The longest an administrator may keep an ended workspace's data at once (they may extend again). */
export const KEEP_DATA_MAX_DAYS = 730;

/** PUT /api/admin/users/:id/keep-data-until: a day (YYYY-MM-DD, UTC) or null to end the extension. */
export const KeepDataUntilRequest = z.object({
  keepDataUntil: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the date as YYYY-MM-DD")
    // Date.parse rolls "2031-02-30" on to March 2: a real day reads back the same.
    .refine((day) => {
      const at = new Date(`${day}T00:00:00.000Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
    }, "That day is not in the calendar")
    .nullable(),
});
export type KeepDataUntilRequest = z.infer<typeof KeepDataUntilRequest>;

export const KEEP_DATA_IN_PAST = "Choose a day after today: data cannot be kept until a day already gone";
export const KEEP_DATA_TOO_FAR = `Choose a day within ${KEEP_DATA_MAX_DAYS} days; you can extend again later`;
export const KEEP_DATA_NO_WORKSPACE = "This person owns no workspace whose data could be kept";
