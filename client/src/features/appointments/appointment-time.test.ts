import type { Appointment } from "@common/appointments";
import { describe, expect, it } from "vitest";
import {
  durationProblem,
  fromFormParts,
  overlapText,
  parseDuration,
  sampleTimes,
  startsInPast,
  toFormParts,
} from "./appointment-time";

const appointment = (startTime: string, status: Appointment["status"] = "scheduled"): Appointment => ({
  id: startTime,
  callId: null,
  title: "x",
  description: null,
  startTime,
  endTime: new Date(new Date(startTime).getTime() + 3_600_000).toISOString(),
  attendeeName: null,
  attendeeEmail: null,
  attendeePhone: null,
  status,
  createdAt: startTime,
});

describe("the form's date and time", () => {
  it("reads Date and Time in the account's time zone", () => {
    expect(fromFormParts("2031-03-04", "14:00", "America/New_York")?.toISOString()).toBe(
      "2031-03-04T19:00:00.000Z",
    );
    expect(fromFormParts("2031-07-04", "14:00", "America/New_York")?.toISOString()).toBe(
      "2031-07-04T18:00:00.000Z",
    );
    expect(fromFormParts("2031-03-04", "09:30", "Asia/Kolkata")?.toISOString()).toBe(
      "2031-03-04T04:00:00.000Z",
    );
  });

  it("refuses missing or impossible values", () => {
    expect(fromFormParts("", "14:00", "UTC")).toBeNull();
    expect(fromFormParts("2031-03-04", "", "UTC")).toBeNull();
    expect(fromFormParts("2031-02-30", "10:00", "UTC")).toBeNull();
    expect(fromFormParts("2031-03-04", "25:00", "UTC")).toBeNull();
  });

  it("round-trips an instant through the fields", () => {
    expect(toFormParts("2031-03-04T19:00:00.000Z", "America/New_York")).toEqual({
      date: "2031-03-04",
      time: "14:00",
    });
  });
});

describe("duration", () => {
  it("falls back to 60 for a non-numeric entry", () => {
    expect(parseDuration("")).toBe(60);
    expect(parseDuration("abc")).toBe(60);
    expect(parseDuration("45")).toBe(45);
  });

  it("refuses less than 15 minutes", () => {
    expect(durationProblem(10)).toBe("Duration must be at least 15 minutes");
    expect(durationProblem(15)).toBeNull();
    expect(durationProblem(2000)).toBe("Duration must be at most 1440 minutes");
  });
});

describe("the sample appointment", () => {
  it("is tomorrow 14:00 to 15:00 in the account's time zone", () => {
    // 23:30 in New York on 31 Jan is already 1 Feb in UTC: tomorrow is still 1 Feb in New York.
    const now = new Date("2031-02-01T04:30:00Z");
    expect(sampleTimes(now, "America/New_York")).toEqual({
      startTime: "2031-02-01T19:00:00.000Z",
      endTime: "2031-02-01T20:00:00.000Z",
    });
    expect(sampleTimes(now, "Asia/Tokyo")).toEqual({
      startTime: "2031-02-02T05:00:00.000Z",
      endTime: "2031-02-02T06:00:00.000Z",
    });
  });
});

describe("past times and overlaps", () => {
  const now = new Date("2031-03-05T17:00:00Z");

  it("counts a start in the last minute as now, and earlier as past", () => {
    expect(startsInPast(new Date("2031-03-05T16:59:30Z"), now)).toBe(false);
    expect(startsInPast(new Date("2031-03-05T16:58:59Z"), now)).toBe(true);
    expect(startsInPast(new Date("2031-03-05T17:30:00Z"), now)).toBe(false);
  });

  it("names the first appointment it overlaps in the account's time zone, and how many more", () => {
    const first = { ...appointment("2031-03-04T14:00:00Z"), title: "Kitchen consultation" };
    expect(overlapText([first], "America/New_York")).toBe(
      "This overlaps with Kitchen consultation at Tuesday, March 4 at 9:00 AM.",
    );
    expect(overlapText([first, appointment("2031-03-04T14:30:00Z")], "Asia/Tokyo")).toBe(
      "This overlaps with Kitchen consultation at Tuesday, March 4 at 11:00 PM (and 1 other appointment).",
    );
  });
});
