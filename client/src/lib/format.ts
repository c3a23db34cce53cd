import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** 125 -> "2:05" */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A date and time in the account's time zone, e.g. "Nov 24, 4:00 PM". */
export function formatDateTime(iso: string, timeZone: string, pattern = "MMM d, h:mm a"): string {
  return format(new TZDate(new Date(iso).getTime(), timeZone), pattern);
}

export function formatPercent(value: number): string {
  return `${Math.round(value * 100)}%`;
}
