/**
 * A small iCalendar (RFC 5545) writer for the private appointments feed: TEXT escaping,
 * UTC date-times, CRLF line endings and folding at 75 octets.
 */

export type IcsEvent = {
  uid: string;
  /** DTSTAMP: with no METHOD in the object, when this event's information was last revised. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null | undefined;
  status: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  created?: Date | undefined;
  lastModified?: Date | undefined;
};

export type IcsCalendar = {
  /** X-WR-CALNAME: what calendar apps call the subscription. */
  name: string;
  /** X-WR-TIMEZONE: a hint for display; every time in the feed is in UTC. */
  timeZone?: string | undefined;
  /** How often subscribers should refresh, in minutes. */
  refreshMinutes?: number | undefined;
  events: IcsEvent[];
};

const PRODID = "-//AI Platform//Appointments 1.0//EN";
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping: backslash, semicolon, comma and line breaks; other control characters are dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping controls RFC 5545 forbids in TEXT
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
  );
}

/** 2025-01-02T03:04:05.678Z -> 20250102T030405Z */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/**
 * Folds a content line so that no physical line exceeds 75 octets: continuation lines start with
 * one space. Never splits a UTF-8 sequence (iterating by code point keeps characters whole).
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function property(name: string, value: string): string {
  return foldLine(`${name}:${value}`);
}

export function buildCalendar(calendar: IcsCalendar): string {
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    property("X-WR-CALNAME", escapeText(calendar.name)),
  ];
  if (calendar.timeZone) lines.push(property("X-WR-TIMEZONE", escapeText(calendar.timeZone)));
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`);
    lines.push(`X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) {
    lines.push(
      "BEGIN:VEVENT",
      property("UID", escapeText(event.uid)),
      `DTSTAMP:${formatUtc(event.stamp)}`,
      `DTSTART:${formatUtc(event.start)}`,
      `DTEND:${formatUtc(event.end)}`,
      property("SUMMARY", escapeText(event.summary)),
    );
    if (event.description) lines.push(property("DESCRIPTION", escapeText(event.description)));
    lines.push(`STATUS:${event.status}`);
    if (event.created) lines.push(`CREATED:${formatUtc(event.created)}`);
    if (event.lastModified) lines.push(`LAST-MODIFIED:${formatUtc(event.lastModified)}`);
    lines.push("TRANSP:OPAQUE", "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}
