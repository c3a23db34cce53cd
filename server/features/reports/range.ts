import { TZDate } from "@date-fns/tz";
import { calendarDay } from "../../../common/reports";

const DAY_MS = 86_400_000;

/** Midnight at the start of a calendar day ("2026-03-01") in a time zone, as an instant. */
export function zonedMidnight(day: string, timeZone: string): Date {
  const at = calendarDay(day);
  if (at === null) throw new Error(`not a calendar day: ${day}`);
  const utc = new Date(at);
  return new Date(
    new TZDate(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), 0, 0, timeZone).getTime(),
  );
}

/** The calendar day after (or `days` after) a "YYYY-MM-DD". */
export function addDays(day: string, days: number): string {
  return new Date((calendarDay(day) ?? 0) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in a time zone. */
export function todayIn(now: Date, timeZone: string): string {
  const zoned = new TZDate(now.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`;
}

/**
 * A report's days as instants: from's midnight in the zone to the midnight after to, so a call
 * at 23:30 on the last day is in and one at 00:00 the day after is not, whatever the offset
 * and whether a clock change falls inside.
 */
export function reportWindow(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedMidnight(from, timeZone), end: zonedMidnight(addDays(to, 1), timeZone) };
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
