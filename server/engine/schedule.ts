import { TZDate } from "@date-fns/tz";
// The English parser only: the package's default import loads every locale (about 20 MB).
import * as chrono from "chrono-node/en";
import type { WorkingHours } from "../../common/ai-settings";

export type Interval = { start: Date; end: Date };

export type RequestedTime = {
  start: Date;
  /** The caller named a time of day ("at 4", "10:30am"), not only a day. */
  hasTime: boolean;
  /** The words that named it ("tomorrow at 4"). */
  text: string;
};

const MINUTE = 60_000;

/** The account's UTC offset in minutes at an instant (e.g. -300 for New York in winter). */
export function offsetMinutes(at: Date, timeZone: string): number {
  return -new TZDate(at.getTime(), timeZone).getTimezoneOffset();
}

/** Minutes since midnight for "HH:MM". */
function minutesOf(hhmm: string): number {
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

function zonedDate(year: number, month: number, date: number, minutes: number, timeZone: string): Date {
  return new Date(new TZDate(year, month, date, Math.floor(minutes / 60), minutes % 60, timeZone).getTime());
}

/**
 * Finds the day and time a caller asks for, read in the account's time zone and always in the
 * future (chrono-node with forwardDate). A bare hour without am or pm is read the way people
 * mean it on the phone: the reading that falls inside working hours, else the daytime one
 * ("at 4" is 4 pm, "at 9" is 9 am).
 */
export function extractRequestedTime(
  text: string,
  now: Date,
  timeZone: string,
  hours: WorkingHours,
): RequestedTime | null {
  const results = chrono.parse(
    text,
    { instant: now, timezone: offsetMinutes(now, timeZone) },
    { forwardDate: true },
  );
  const result = results.find(
    (r) => r.start.isCertain("hour") || r.start.isCertain("day") || r.start.isCertain("weekday"),
  );
  if (!result) return null;
  const start = result.start;
  const hasTime = start.isCertain("hour");
  let hour = start.get("hour") ?? 12;
  const minute = start.get("minute") ?? 0;
  if (hasTime && !start.isCertain("meridiem") && hour >= 1 && hour <= 11) {
    const am = hour * 60 + minute;
    const pm = am + 12 * 60;
    const open = minutesOf(hours.start);
    const close = minutesOf(hours.end);
    const inHours = (m: number) => m >= open && m < close;
    if (!inHours(am) && inHours(pm)) hour += 12;
    else if (!inHours(am) && !inHours(pm) && hour <= 7) hour += 12;
  }
  const year = start.get("year");
  const month = start.get("month");
  const day = start.get("day");
  if (year === null || month === null || day === null) return null;
  // Without a time, aim for the start of the working day; the slot search moves from there.
  const minutes = hasTime ? hour * 60 + minute : minutesOf(hours.start);
  let when = zonedDate(year, month - 1, day, minutes, timeZone);
  // "at 9" said at 10 am means tomorrow at 9, not an hour ago.
  if (when.getTime() <= now.getTime() && hasTime && !start.isCertain("day") && !start.isCertain("weekday")) {
    when = new Date(when.getTime() + 24 * 60 * MINUTE);
  }
  return { start: when, hasTime, text: result.text };
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

/**
 * The free slot nearest to the one asked for: inside working hours, clear of existing
 * appointments and their buffer, at least `leadMinutes` from now, on a 15-minute grid, within
 * two weeks either side (never in the past).
 */
export function nearestFreeSlot(options: {
  desired: Date;
  durationMinutes: number;
  bufferMinutes: number;
  busy: Interval[];
  timeZone: string;
  hours: WorkingHours;
  now: Date;
  leadMinutes?: number;
}): Interval | null {
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
