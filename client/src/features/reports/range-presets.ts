import { calendarDay, daysInRange, MAX_REPORT_DAYS, REPORT_MESSAGES } from "@common/reports";
import { TZDate } from "@date-fns/tz";

/** A named range of days up to today in the workspace's zone (Five9's and Aircall's usual picks). */
export const RANGE_PRESETS = [
  { id: "today", label: "Today" },
  { id: "yesterday", label: "Yesterday" },
  { id: "7d", label: "Last 7 days" },
  { id: "30d", label: "Last 30 days" },
  { id: "90d", label: "Last 90 days" },
  { id: "this-month", label: "This month" },
  { id: "last-month", label: "Last month" },
] as const;
export type RangePresetId = (typeof RANGE_PRESETS)[number]["id"];
export const DEFAULT_PRESET: RangePresetId = "7d";

const DAY_MS = 86_400_000;
const iso = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/** Today's date ("2026-03-20") in a time zone. */
export function todayIn(now: Date, timeZone: string): string {
  const zoned = new TZDate(now.getTime(), timeZone);
  return iso(Date.UTC(zoned.getFullYear(), zoned.getMonth(), zoned.getDate()));
}

/** The preset's first and last day, as the workspace's calendar reads them at `now`. */
export function presetRange(id: RangePresetId, now: Date, timeZone: string): { from: string; to: string } {
  const today = todayIn(now, timeZone);
  const t = calendarDay(today) ?? 0;
  const back = (days: number) => iso(t - days * DAY_MS);
  const date = new Date(t);
  const [year, month] = [date.getUTCFullYear(), date.getUTCMonth()];
  switch (id) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: back(1), to: back(1) };
    case "7d":
      return { from: back(6), to: today };
    case "30d":
      return { from: back(29), to: today };
    case "90d":
      return { from: back(89), to: today };
    case "this-month":
      return { from: iso(Date.UTC(year, month, 1)), to: today };
    case "last-month":
      return { from: iso(Date.UTC(year, month - 1, 1)), to: iso(Date.UTC(year, month, 0)) };
  }
}

/** The preset a range is, if it is one (so the picker shows its name). */
export function presetOf(
  range: { from: string; to: string },
  now: Date,
  timeZone: string,
): RangePresetId | null {
  const match = RANGE_PRESETS.find(({ id }) => {
    const preset = presetRange(id, now, timeZone);
    return preset.from === range.from && preset.to === range.to;
  });
  return match?.id ?? null;
}

/**
 * What is wrong with a range before asking the server (the same rules and words as its 400s),
 * by field; empty when nothing is.
 */
export function rangeProblems(range: { from: string; to: string }): { from?: string; to?: string } {
  if (calendarDay(range.from) === null) return { from: REPORT_MESSAGES.fromFormat };
  if (calendarDay(range.to) === null) return { to: REPORT_MESSAGES.toFormat };
  const days = daysInRange(range.from, range.to);
  if (days < 1) return { to: REPORT_MESSAGES.order };
  if (days > MAX_REPORT_DAYS) return { to: REPORT_MESSAGES.tooLong };
  return {};
}
