import { TZDate } from "@date-fns/tz";
import type { WorkingHours } from "../../common/ai-settings";
import type { RequestedTime } from "./spoken-time";

export type Interval = { start: Date; end: Date };

const MINUTE = 60_000;

/** The account's UTC offset in minutes at an instant (e.g. -300 for New York in winter). */
export function offsetMinutes(at: Date, timeZone: string): number {
  return -new TZDate(at.getTime(), timeZone).getTimezoneOffset();
}

/** Minutes since midnight for "HH:MM". */
export function minutesOf(hhmm: string): number {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
}

/** Wall-clock parts of an instant in the account's time zone; isoDay 1 is Monday, 7 Sunday. */
export function zonedParts(at: Date, timeZone: string) {
  const z = new TZDate(at.getTime(), timeZone);
  const day = z.getDay();
  return {
    year: z.getFullYear(),
    month: z.getMonth(),
    date: z.getDate(),
    minutes: z.getHours() * 60 + z.getMinutes(),
    isoDay: day === 0 ? 7 : day,
  };
}

/** The instant a wall-clock time shows in the zone; minutes past 24 h roll into the next day. */
export function zonedDate(
  year: number,
  month: number,
  date: number,
  minutes: number,
  timeZone: string,
): Date {
  return new Date(new TZDate(year, month, date, Math.floor(minutes / 60), minutes % 60, timeZone).getTime());
}

export function isWithinWorkingHours(interval: Interval, timeZone: string, hours: WorkingHours): boolean {
  const start = zonedParts(interval.start, timeZone);
  const end = zonedParts(new Date(interval.end.getTime() - 1), timeZone);
  if (!hours.days.includes(start.isoDay)) return false;
  if (start.date !== end.date) return false;
  return start.minutes >= minutesOf(hours.start) && end.minutes < minutesOf(hours.end);
}

/** Is the business open at this instant? */
export function isOpenAt(at: Date, timeZone: string, hours: WorkingHours): boolean {
  const parts = zonedParts(at, timeZone);
  return (
    hours.days.includes(parts.isoDay) &&
    parts.minutes >= minutesOf(hours.start) &&
    parts.minutes < minutesOf(hours.end)
  );
}

export function conflicts(interval: Interval, busy: Interval[], bufferMinutes: number): boolean {
  const buffer = bufferMinutes * MINUTE;
  return busy.some(
    (b) =>
      interval.start.getTime() < b.end.getTime() + buffer &&
      interval.end.getTime() + buffer > b.start.getTime(),
  );
}

/** Where a request may be served, in the order the caller offered: its span, then the other days. */
export function requestWindows(requested: RequestedTime): Interval[] {
  const spans = [{ start: requested.start, until: requested.until }, ...requested.alternatives];
  return spans.flatMap((span) => (span.until ? [{ start: span.start, end: span.until }] : []));
}

/**
 * Why spans a caller gave cannot be served as they stand: all of them are over ("this morning"
 * said after lunch), or none touches working hours ("this evening" at a 9-to-5 office).
 */
export function spansProblem(
  windows: Interval[],
  now: Date,
  timeZone: string,
  hours: WorkingHours,
): "passed" | "closed" | null {
  if (!windows.length) return null;
  const ahead = windows.filter((w) => w.end.getTime() > now.getTime());
  if (!ahead.length) return "passed";
  const open = ahead.some((w) => {
    for (let t = w.start.getTime(); t < w.end.getTime(); t += 15 * MINUTE) {
      if (isOpenAt(new Date(t), timeZone, hours)) return true;
    }
    return false;
  });
  return open ? null : "closed";
}

type SlotSearch = {
  desired: Date;
  durationMinutes: number;
  bufferMinutes: number;
  busy: Interval[];
  timeZone: string;
  hours: WorkingHours;
  now: Date;
  leadMinutes?: number;
  /** Spans the caller gave ("between 1 and 3", "Tuesday or Wednesday morning"): tried first, in order. */
  within?: Interval[];
};

/**
 * The free slot for a request: the earliest one inside the spans the caller gave when there is
 * one, else the nearest to the time asked for. Either way inside working hours, clear of
 * existing appointments and their buffer, at least `leadMinutes` from now (never in the past),
 * on a 15-minute grid, within two weeks either side.
 */
export function nearestFreeSlot(options: SlotSearch): Interval | null {
  for (const window of options.within ?? []) {
    const slot = earliestFreeSlotIn(window, options);
    if (slot) return slot;
  }
  return nearestTo(options);
}

/**
 * The earliest free slot starting inside the span; it must also end inside it when the span is
 * long enough for one ("between 1 and 3" with 60-minute slots ends by 3).
 */
function earliestFreeSlotIn(window: Interval, options: SlotSearch): Interval | null {
  const { durationMinutes, bufferMinutes, busy, timeZone, hours, now } = options;
  const duration = durationMinutes * MINUTE;
  const earliest = now.getTime() + (options.leadMinutes ?? 30) * MINUTE;
  const mustEndInside = window.end.getTime() - window.start.getTime() >= duration;
  const first = Math.ceil(Math.max(window.start.getTime(), earliest) / (15 * MINUTE)) * 15 * MINUTE;
  for (let start = first; start < window.end.getTime(); start += 15 * MINUTE) {
    const slot = { start: new Date(start), end: new Date(start + duration) };
    if (mustEndInside && slot.end.getTime() > window.end.getTime()) break;
    if (!isWithinWorkingHours(slot, timeZone, hours)) continue;
    if (conflicts(slot, busy, bufferMinutes)) continue;
    return slot;
  }
  return null;
}

function nearestTo(options: SlotSearch): Interval | null {
  const { desired, durationMinutes, bufferMinutes, busy, timeZone, hours, now } = options;
  const earliest = now.getTime() + (options.leadMinutes ?? 30) * MINUTE;
  const open = minutesOf(hours.start);
  const close = minutesOf(hours.end);
  const base = zonedParts(desired, timeZone);
  let best: Interval | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let offset = -14; offset <= 14; offset++) {
    const dayStart = zonedDate(base.year, base.month, base.date + offset, 0, timeZone);
    const { isoDay } = zonedParts(new Date(dayStart.getTime() + 12 * 60 * MINUTE), timeZone);
    if (!hours.days.includes(isoDay)) continue;
    for (let m = open; m + durationMinutes <= close; m += 15) {
      const start = zonedDate(base.year, base.month, base.date + offset, m, timeZone);
      if (start.getTime() < earliest) continue;
      const slot = { start, end: new Date(start.getTime() + durationMinutes * MINUTE) };
      const distance = Math.abs(start.getTime() - desired.getTime());
      if (distance >= bestDistance) continue;
      if (conflicts(slot, busy, bufferMinutes)) continue;
      best = slot;
      bestDistance = distance;
    }
  }
  return best;
}
