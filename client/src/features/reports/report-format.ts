/** 75 -> "1:15", 3725 -> "1:02:05": a call's length, or a day's talk time. */
export function formatSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** 12.5 -> "12.5%". */
export const formatRate = (percent: number) => `${percent}%`;

/** 12345 -> "12,345". */
export const formatCount = (value: number) => value.toLocaleString("en-US");

/** "2026-03-07" -> "Mar 7" (a chart's axis), read as a calendar day, never shifted by a zone. */
export function shortDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** 0 -> "12 AM", 13 -> "1 PM". */
export function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${hour < 12 ? "AM" : "PM"}`;
}
