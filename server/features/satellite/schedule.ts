import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { MAX_LEAD_DAYS, MIN_LEAD_DAYS, slotFor } from "../../../common/satellite";

/** A calendar day (YYYY-MM-DD) plus whole days, without any zone. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today in the workspace's time zone. */
export function todayIn(timeZone: string, now: Date): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
}

/** The first day an installation can be booked: two days after today in the workspace's zone. */
export const earliestDay = (timeZone: string, now: Date) => addDays(todayIn(timeZone, now), MIN_LEAD_DAYS);
export const latestDay = (timeZone: string, now: Date) => addDays(todayIn(timeZone, now), MAX_LEAD_DAYS);

/** "Friday, March 6, 2026" for a day. */
export function longDay(day: string): string {
  return format(new Date(`${day}T12:00:00Z`), "EEEE, MMMM d, yyyy");
}

/** The slot's start and end on that day, in the workspace's zone. */
export function slotInterval(day: string, slotId: string, timeZone: string): { start: Date; end: Date } {
  const slot = slotFor(slotId);
  if (!slot) throw new Error(`unknown slot ${slotId}`);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return {
    start: new Date(new TZDate(year, month - 1, date, slot.startHour, 0, 0, timeZone).getTime()),
    end: new Date(new TZDate(year, month - 1, date, slot.endHour, 0, 0, timeZone).getTime()),
  };
}
