import { describe, expect, it } from "vitest";
import { nextTick, parseCron } from "./cron";

const next = (expression: string, after: string) =>
  nextTick(parseCron(expression), new Date(after)).toISOString();

describe("cron", () => {
  it("finds the next minute, hour and day ticks in UTC", () => {
    expect(next("* * * * *", "2030-01-15T14:00:30Z")).toBe("2030-01-15T14:01:00.000Z");
    expect(next("*/15 * * * *", "2030-01-15T14:00:00Z")).toBe("2030-01-15T14:15:00.000Z");
    expect(next("0 3 * * *", "2030-01-15T14:00:00Z")).toBe("2030-01-16T03:00:00.000Z");
    expect(next("30 9 1 * *", "2030-12-02T00:00:00Z")).toBe("2031-01-01T09:30:00.000Z");
    expect(next("0 0 29 2 *", "2030-03-01T00:00:00Z")).toBe("2032-02-29T00:00:00.000Z");
  });

  it("takes seconds as an optional first field", () => {
    expect(next("* * * * * *", "2030-01-15T14:00:00.400Z")).toBe("2030-01-15T14:00:01.000Z");
    expect(next("*/5 * * * * *", "2030-01-15T14:00:01Z")).toBe("2030-01-15T14:00:05.000Z");
    expect(next("10,40 * * * * *", "2030-01-15T14:00:40Z")).toBe("2030-01-15T14:01:10.000Z");
  });

  it("reads ranges, steps, lists and both Sundays", () => {
    // 2030-01-15 is a Tuesday.
    expect(next("0 9 * * 1-5", "2030-01-18T10:00:00Z")).toBe("2030-01-21T09:00:00.000Z");
    expect(next("0 9 * * 0", "2030-01-15T10:00:00Z")).toBe("2030-01-20T09:00:00.000Z");
    expect(next("0 9 * * 7", "2030-01-15T10:00:00Z")).toBe("2030-01-20T09:00:00.000Z");
    expect(next("0 8-18/5 * * *", "2030-01-15T13:00:00Z")).toBe("2030-01-15T18:00:00.000Z");
    expect(next("5/20 * * * *", "2030-01-15T13:26:00Z")).toBe("2030-01-15T13:45:00.000Z");
  });

  it("counts a day matching either day field when both are restricted", () => {
    // The 1st of the month or a Monday, whichever comes first.
    expect(next("0 0 1 * 1", "2030-01-15T10:00:00Z")).toBe("2030-01-21T00:00:00.000Z");
    expect(next("0 0 1 * 1", "2030-01-28T10:00:00Z")).toBe("2030-02-01T00:00:00.000Z");
  });

  it("refuses what it cannot read", () => {
    expect(() => parseCron("* * * *")).toThrow(/5 fields/);
    expect(() => parseCron("60 * * * *")).toThrow(/between 0 and 59/);
    expect(() => parseCron("* * * JAN *")).toThrow(/between 1 and 12/);
    expect(() => parseCron("5-1 * * * *")).toThrow(/backwards/);
    expect(() => parseCron("*/0 * * * *")).toThrow(/between 1/);
    expect(() => nextTick(parseCron("0 0 31 2 *"), new Date("2030-01-01T00:00:00Z"))).toThrow(
      /never matches/,
    );
  });
});
