import type { Appointment } from "@common/appointments";
import { describe, expect, it } from "vitest";
import {
  durationProblem,
  fromFormParts,
  parseDuration,
  quickStats,
  sampleTimes,
  toFormParts,
  upcoming,
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

describe("quick stats and the upcoming list", () => {
  // Wednesday 5 March 2031, noon in New York.
  const now = new Date("2031-03-05T17:00:00Z");
  const tz = "America/New_York";

  it("counts the Monday-based week and the month in the account's time zone, without cancelled ones", () => {
    const list = [
      appointment("2031-03-03T05:30:00Z"), // Monday 00:30 in New York: this week
      appointment("2031-03-03T04:30:00Z"), // Sunday 23:30 in New York: last week, this month
      appointment("2031-03-09T23:00:00Z"), // Sunday 19:00: this week
      appointment("2031-03-10T05:00:00Z"), // next Monday 01:00: next week, this month
      appointment("2031-03-06T15:00:00Z", "cancelled"),
      appointment("2031-03-04T15:00:00Z", "completed"), // this week, this month, completed
      appointment("2031-04-01T03:00:00Z"), // 31 March 23:00 in New York: this month
      appointment("2030-03-05T15:00:00Z", "completed"), // a year ago: completed only
    ];
    expect(quickStats(list, now, tz)).toEqual({ thisWeek: 3, thisMonth: 6, completed: 2 });
  });

  it("lists scheduled appointments that have not ended, soonest first", () => {
    const list = [
      appointment("2031-03-07T15:00:00Z"),
      appointment("2031-03-06T15:00:00Z"),
      appointment("2031-03-06T16:00:00Z", "cancelled"),
      appointment("2031-03-04T15:00:00Z"),
      appointment("2031-03-05T16:30:00Z"), // started, not over
    ];
    expect(upcoming(list, now).map((a) => a.startTime)).toEqual([
      "2031-03-05T16:30:00Z",
      "2031-03-06T15:00:00Z",
      "2031-03-07T15:00:00Z",
    ]);
  });
});
