import { tzOffset } from "@date-fns/tz";
import type { WorkingHours } from "../../common/ai-settings";
import type { RequestedTime } from "./spoken-time";

export type Interval = { start: Date; end: Date };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * UTC offsets by zone and UTC day: the offset when it holds all day, null on a day the clocks
 * change. Asking Intl costs tens of microseconds and a free-slot search asks about a thousand
 * times, nearly always about days already seen.
 */
const offsetsByDay = new Map<string, number | null>();
const OFFSETS_KEPT = 20_000;

/** The zone's UTC offset in minutes at an instant (e.g. -300 for New York in winter). */
function offsetAt(instant: number, timeZone: string): number {
  const day = Math.floor(instant / DAY);
  const key = `${timeZone}|${day}`;
  let allDay = offsetsByDay.get(key);
  if (allDay === undefined) {
    const first = tzOffset(timeZone, new Date(day * DAY));
    allDay = first === tzOffset(timeZone, new Date((day + 1) * DAY - 1)) ? first : null;
    if (offsetsByDay.size >= OFFSETS_KEPT) offsetsByDay.clear();
    offsetsByDay.set(key, allDay);
  }
  return allDay ?? tzOffset(timeZone, new Date(instant));
}

/** The account's UTC offset in minutes at an instant (e.g. -300 for New York in winter). */
export function offsetMinutes(at: Date, timeZone: string): number {
  return offsetAt(at.getTime(), timeZone);
}

/** Minutes since midnight for "HH:MM". */
export function minutesOf(hhmm: string): number {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
}

/** Wall-clock parts of an instant in the account's time zone; isoDay 1 is Monday, 7 Sunday. */
export function zonedParts(at: Date, timeZone: string) {
  const wall = new Date(at.getTime() + offsetAt(at.getTime(), timeZone) * MINUTE);
  const day = wall.getUTCDay();
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth(),
    date: wall.getUTCDate(),
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    isoDay: day === 0 ? 7 : day,
  };
}

/**
 * The instant a wall-clock time shows in the zone; minutes past 24 h roll into the next day.
 * A time the clocks skip (2:30 as they go forward) is read on the clock before the change, so
 * it lands after it (3:30); a time shown twice (1:30 as they go back) is the first of the two.
 */
export function zonedDate(
  year: number,
  month: number,
  date: number,
  minutes: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(year, month, date, Math.floor(minutes / 60), minutes % 60);
  // Clocks change at most once within days of each other: the offsets a day either side are
  // the only two this wall time can be on.
  const before = offsetAt(wall - DAY, timeZone);
  const onBefore = wall - before * MINUTE;
  if (offsetAt(onBefore, timeZone) === before) return new Date(onBefore);
  const after = offsetAt(wall + DAY, timeZone);
  const onAfter = wall - after * MINUTE;
  return new Date(offsetAt(onAfter, timeZone) === after ? onAfter : onBefore);
}

/**
 * The hours a day opens (Monday is 1), or null when the business is closed that day: the usual
 * hours, or the day's own ("Saturday 9 to 12" beside weekdays 8 to 4).
 */
export function hoursOn(hours: WorkingHours, isoDay: number): { start: string; end: string } | null {
  if (!hours.days.includes(isoDay)) return null;
  const own = hours.dayHours?.find((entry) => entry.day === isoDay);
  return own ? { start: own.start, end: own.end } : { start: hours.start, end: hours.end };
}

export function isWithinWorkingHours(interval: Interval, timeZone: string, hours: WorkingHours): boolean {
  const start = zonedParts(interval.start, timeZone);
  const end = zonedParts(new Date(interval.end.getTime() - 1), timeZone);
  const open = hoursOn(hours, start.isoDay);
  if (!open || start.date !== end.date) return false;
  return start.minutes >= minutesOf(open.start) && end.minutes < minutesOf(open.end);
}

/** Is the business open at this instant? */
export function isOpenAt(at: Date, timeZone: string, hours: WorkingHours): boolean {
  const parts = zonedParts(at, timeZone);
  const open = hoursOn(hours, parts.isoDay);
  return open !== null && parts.minutes >= minutesOf(open.start) && parts.minutes < minutesOf(open.end);
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
  const base = zonedParts(desired, timeZone);
  let best: Interval | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let offset = -14; offset <= 14; offset++) {
    const dayStart = zonedDate(base.year, base.month, base.date + offset, 0, timeZone);
    const { isoDay } = zonedParts(new Date(dayStart.getTime() + 12 * 60 * MINUTE), timeZone);
    const day = hoursOn(hours, isoDay);
    if (!day) continue;
    for (let m = minutesOf(day.start); m + durationMinutes <= minutesOf(day.end); m += 15) {
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
