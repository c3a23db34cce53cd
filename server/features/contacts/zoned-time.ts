/**
 * Instants written as a workspace's clock shows them ("2026-05-04 11:30:00"), for the CSV
 * exports. The database sends each instant as seconds since 1970 (date_part('epoch', ...), about
 * 1 µs a value) rather than formatting it in the zone (to_char(... at time zone ...), about 3 µs):
 * with five dates a contact, that formatting was a quarter of what the export asked of the
 * database.
 *
 * The zone's offset is looked up once per day (Intl, the same zone rules date-fns/tz uses
 * elsewhere) and kept: a day whose two ends have the same offset has it throughout (no zone
 * changes its offset and back within a day). A day with a change inside it is looked up per
 * 15-minute slot: every offset change of the zone rules happens on a quarter hour, so a slot
 * whose two ends agree has their offset throughout; a slot with the change inside it is worked
 * out instant by instant. Per slot alone, a million contacts made over three years took about
 * 200,000 Intl calls, a second of the export; per day it is about 2,000.
 */

const SLOT_MS = 15 * 60 * 1000;
/** Slots remembered per formatter: a million contacts made over three years span about 100,000. */
const MAX_SLOTS = 200_000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** "00" to "59": hours, minutes and seconds without building a Date for each instant. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => (n < 10 ? `0${n}` : String(n)));
const pad4 = (n: number) => (n < 1000 ? String(n).padStart(4, "0") : String(n));

/** A formatter for one zone: seconds since 1970 (a number, or its text) to "YYYY-MM-DD HH:MM:SS", or "" for none. */
export function zonedTimeFormatter(timeZone: string): (epochSeconds: unknown) => string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  /** The zone's offset from UTC at a whole-second instant, in milliseconds. */
  const exactOffset = (ms: number): number => {
    const fields: Record<string, number> = {};
    for (const part of parts.formatToParts(new Date(ms)))
      if (part.type !== "literal") fields[part.type] = Number(part.value);
    const wall = Date.UTC(
      fields.year ?? 1970,
      (fields.month ?? 1) - 1,
      fields.day ?? 1,
      fields.hour ?? 0,
      fields.minute ?? 0,
      fields.second ?? 0,
    );
    return wall - ms;
  };
  /**
   * The offset over span number `index` (spans of `span` ms since 1970), or null where it changes
   * inside that span; remembered in `cache`, which is emptied when it grows past MAX_SLOTS.
   */
  const uniformOffset = (cache: Map<number, number | null>, index: number, span: number): number | null => {
    let offset = cache.get(index);
    if (offset === undefined) {
      const start = exactOffset(index * span);
      offset = start === exactOffset(index * span + span - 1000) ? start : null;
      if (cache.size >= MAX_SLOTS) cache.clear();
      cache.set(index, offset);
    }
    return offset;
  };
  /** Each UTC day's offset, or null: the offset changes that day (then quarter hours are asked). */
  const dayOffsets = new Map<number, number | null>();
  const slots = new Map<number, number | null>();
  const offsetAt = (ms: number): number =>
    uniformOffset(dayOffsets, Math.floor(ms / DAY_MS), DAY_MS) ??
    uniformOffset(slots, Math.floor(ms / SLOT_MS), SLOT_MS) ??
    exactOffset(ms);

  /** "YYYY-MM-DD " of a day of the wall clock (days since 1970): most instants share their day. */
  const days = new Map<number, string>();
  const dateOf = (day: number): string => {
    let date = days.get(day);
    if (date === undefined) {
      const wall = new Date(day * DAY_MS);
      date = `${pad4(wall.getUTCFullYear())}-${TWO_DIGITS[wall.getUTCMonth() + 1]}-${TWO_DIGITS[wall.getUTCDate()]} `;
      if (days.size >= MAX_SLOTS) days.clear();
      days.set(day, date);
    }
    return date;
  };

  return (value) => {
    if (value === null || value === undefined || value === "") return "";
    const seconds = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(seconds)) return "";
    // Whole seconds, truncated as to_char's HH24:MI:SS would.
    const ms = Math.floor(seconds) * 1000;
    const wall = ms + offsetAt(ms);
    const day = Math.floor(wall / DAY_MS);
    const second = Math.floor((wall - day * DAY_MS) / 1000);
    const hour = Math.floor(second / 3600);
    const minute = Math.floor((second % 3600) / 60);
    return `${dateOf(day)}${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second % 60]}`;
  };
}
