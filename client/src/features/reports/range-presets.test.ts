import { describe, expect, it } from "vitest";
import { presetOf, presetRange, rangeProblems, todayIn } from "./range-presets";

// 02:30 UTC on 1 March 2026: still 28 February in New York, already 1 March in Tokyo.
const now = new Date("2026-03-01T02:30:00Z");

describe("report range presets", () => {
  it("reads today in the workspace's zone, not the browser's", () => {
    expect(todayIn(now, "America/New_York")).toBe("2026-02-28");
    expect(todayIn(now, "Asia/Tokyo")).toBe("2026-03-01");
  });

  it("counts each preset's days up to today, both included", () => {
    const zone = "America/New_York";
    expect(presetRange("today", now, zone)).toEqual({ from: "2026-02-28", to: "2026-02-28" });
    expect(presetRange("yesterday", now, zone)).toEqual({ from: "2026-02-27", to: "2026-02-27" });
    expect(presetRange("7d", now, zone)).toEqual({ from: "2026-02-22", to: "2026-02-28" });
    expect(presetRange("30d", now, zone)).toEqual({ from: "2026-01-30", to: "2026-02-28" });
    expect(presetRange("this-month", now, zone)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("last-month", now, zone)).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(presetRange("last-month", now, "Asia/Tokyo")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  });

  it("names a range that is a preset, and none that is not", () => {
    expect(presetOf({ from: "2026-02-22", to: "2026-02-28" }, now, "America/New_York")).toBe("7d");
    expect(presetOf({ from: "2026-02-21", to: "2026-02-28" }, now, "America/New_York")).toBeNull();
  });

  it("finds what the server would refuse, in its words", () => {
    expect(rangeProblems({ from: "2026-02-01", to: "2026-02-28" })).toEqual({});
    expect(rangeProblems({ from: "", to: "2026-02-28" })).toEqual({
      from: "from must be a date like 2026-03-01",
    });
    expect(rangeProblems({ from: "2026-02-10", to: "2026-02-09" })).toEqual({
      to: "The end date must be on or after the start date",
    });
    expect(rangeProblems({ from: "2025-01-01", to: "2026-01-02" })).toEqual({
      to: "A report covers at most 366 days: choose a shorter range",
    });
  });
});
