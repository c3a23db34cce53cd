import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, formatUtc } from "./ics";

describe("iCalendar writing", () => {
  it("escapes TEXT values", () => {
    expect(escapeText("a,b;c\\d\ne\r\nf\rg")).toBe("a\\,b\\;c\\\\d\\ne\\nf\\ng");
    expect(escapeText("bell\u0007 tab\t")).toBe("bell tab\t");
  });

  it("writes UTC date-times", () => {
    expect(formatUtc(new Date("2031-03-04T14:05:09.123Z"))).toBe("20310304T140509Z");
  });

  it("folds at 75 octets and never inside a character", () => {
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
    const line = `SUMMARY:${"€".repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(parts.map((part, i) => (i ? part.slice(1) : part)).join("")).toBe(line);
  });

  it("builds a calendar an iCalendar parser reads back", () => {
    const text = buildCalendar({
      name: "Team, A; B",
      timeZone: "Europe/Paris",
      refreshMinutes: 15,
      events: [
        {
          uid: "1@test",
          stamp: new Date("2031-01-01T00:00:00Z"),
          start: new Date("2031-01-02T09:00:00Z"),
          end: new Date("2031-01-02T10:00:00Z"),
          summary: "x".repeat(200),
          description: null,
          status: "CONFIRMED",
        },
      ],
    });
    const calendar = new ICAL.Component(ICAL.parse(text));
    // X- properties default to TEXT (RFC 5545 §3.8.8.2), so they are escaped; ical.js hands
    // unknown properties back raw.
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Team\\, A\\; B");
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(event.summary).toBe("x".repeat(200));
    expect(event.description).toBeNull();
    expect(event.startDate.toJSDate().toISOString()).toBe("2031-01-02T09:00:00.000Z");
  });
});
