import {
  type Appointment,
  DEFAULT_APPOINTMENT_MINUTES,
  MAX_APPOINTMENT_MINUTES,
  MIN_APPOINTMENT_MINUTES,
  PAST_GRACE_MS,
} from "@common/appointments";
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";

const MINUTE = 60_000;

/** An instant as the form's Date ("2031-03-04") and Time ("14:00") fields in the account's time zone. */
export function toFormParts(iso: string, timeZone: string): { date: string; time: string } {
  const zoned = new TZDate(new Date(iso).getTime(), timeZone);
  return { date: format(zoned, "yyyy-MM-dd"), time: format(zoned, "HH:mm") };
}

/** The form's Date and Time, read in the account's time zone; null when either is missing or malformed. */
export function fromFormParts(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day, hours, minutes] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59) return null;
  const zoned = new TZDate(year, month - 1, day, hours, minutes, timeZone);
  if (Number.isNaN(zoned.getTime()) || zoned.getDate() !== day) return null;
  return new Date(zoned.getTime());
}

/**
 * The duration field in minutes; a non-numeric entry falls back to 60. The caller
 * refuses results outside MIN..MAX.
 */
export function parseDuration(raw: string): number {
  const value = Number(raw.trim());
  if (raw.trim() === "" || !Number.isFinite(value)) return DEFAULT_APPOINTMENT_MINUTES;
  return Math.round(value);
}

export function durationProblem(minutes: number): string | null {
  if (minutes < MIN_APPOINTMENT_MINUTES)
    return `Duration must be at least ${MIN_APPOINTMENT_MINUTES} minutes`;
  if (minutes > MAX_APPOINTMENT_MINUTES) return `Duration must be at most ${MAX_APPOINTMENT_MINUTES} minutes`;
  return null;
}

export function minutesBetween(startIso: string, endIso: string): number {
  return Math.round((new Date(endIso).getTime() - new Date(startIso).getTime()) / MINUTE);
}

export function addMinutes(start: Date, minutes: number): Date {
  return new Date(start.getTime() + minutes * MINUTE);
}

/** The sample appointment is tomorrow 14:00 to 15:00 in the account's time zone. */
export function sampleTimes(now: Date, timeZone: string): { startTime: string; endTime: string } {
  const tomorrow = addDays(new TZDate(now.getTime(), timeZone), 1);
  const at = (hours: number) =>
    new Date(
      new TZDate(
        tomorrow.getFullYear(),
        tomorrow.getMonth(),
        tomorrow.getDate(),
        hours,
        0,
        timeZone,
      ).getTime(),
    ).toISOString();
  return { startTime: at(14), endTime: at(15) };
}

/** The server's rule, checked first to save a round trip: a scheduled start may not have passed. */
export function startsInPast(start: Date, now: Date): boolean {
  return start.getTime() < now.getTime() - PAST_GRACE_MS;
}

/** "This overlaps with Kitchen consultation at Tuesday, March 4 at 9:00 AM (and 1 other appointment)." */
export function overlapText(overlaps: Appointment[], timeZone: string): string {
  const [first] = overlaps;
  if (!first) return "";
  const when = format(new TZDate(new Date(first.startTime).getTime(), timeZone), "EEEE, MMMM d 'at' h:mm a");
  const more = overlaps.length - 1;
  const others = more ? ` (and ${more} other appointment${more === 1 ? "" : "s"})` : "";
  return `This overlaps with ${first.title} at ${when}${others}.`;
}
