import { type BusinessNumber, type Extension, WEEKDAYS } from "@common/phone-system";

/** "main" -> "Main". */
export const capitalise = (text: string) => (text ? text[0]?.toUpperCase() + text.slice(1) : text);

export const numberLabel = (number: BusinessNumber) =>
  `${number.number}${number.type ? ` (${capitalise(number.type)})` : ""}`;

/** Where an extension sends its callers, in words. */
export function extensionTarget(extension: Extension, agentName: (id: string) => string | undefined): string {
  if (extension.target === "phone") return `Forwards to ${extension.forwardTo ?? "a phone"}`;
  if (extension.target === "agent")
    return `AI agent ${extension.agentId ? (agentName(extension.agentId) ?? "(removed)") : ""}`.trim();
  return "Voicemail";
}

/** "09:00" -> "9:00 AM". */
export function clock(time: string): string {
  const [h = "0", m = "00"] = time.split(":");
  const hour = Number(h);
  const suffix = hour < 12 ? "AM" : "PM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:${m} ${suffix}`;
}

export const weekdayName = (weekday: number) => WEEKDAYS[weekday] ?? String(weekday);

export const plural = (count: number, word: string) =>
  `${count.toLocaleString()} ${word}${count === 1 ? "" : "s"}`;
