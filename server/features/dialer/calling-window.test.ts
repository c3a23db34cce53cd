import { describe, expect, it } from "vitest";
import { checkCallingWindow, effectiveWindow, localMinutes, minutesOf } from "./calling-window";
import { calleeTimeZones } from "./time-zones";

const newYork = { zones: ["America/New_York"] };
/** 2026-07-15, New York on daylight time (UTC-4). */
const julyAt = (hourUtc: number, minute: number) => new Date(Date.UTC(2026, 6, 15, hourUtc, minute));

describe("the 08:00-21:00 window in the callee's time", () => {
  it("allows 20:59 local and refuses 21:01 local", () => {
    expect(checkCallingWindow(julyAt(0, 59), newYork).callable).toBe(true); // 20:59 EDT
    const late = checkCallingWindow(julyAt(1, 1), newYork); // 21:01 EDT
    expect(late).toMatchObject({ callable: false, reason: "outside_window" });
  });

  it("refuses 21:00 exactly and 07:59, allows 08:00", () => {
    expect(checkCallingWindow(julyAt(1, 0), newYork).callable).toBe(false);
    expect(checkCallingWindow(julyAt(11, 59), newYork).callable).toBe(false);
    expect(checkCallingWindow(julyAt(12, 0), newYork).callable).toBe(true);
  });

  it("says when the window next opens, for rescheduling", () => {
    const late = checkCallingWindow(julyAt(1, 1), newYork);
    expect(late.callable).toBe(false);
    if (!late.callable) expect(late.nextOpening?.toISOString()).toBe("2026-07-15T12:00:00.000Z");
  });

  it("uses the callee's zone, not the server's: 20:30 in New York is 17:30 in Los Angeles", () => {
    const at = julyAt(0, 30);
    expect(checkCallingWindow(at, { zones: ["America/Los_Angeles"] }).callable).toBe(true);
    expect(checkCallingWindow(at, { zones: ["Asia/Tokyo"] }).callable).toBe(true); // 09:30
    expect(checkCallingWindow(at, { zones: ["Europe/London"] }).callable).toBe(false); // 01:30
  });
});

describe("a number whose area spans several zones", () => {
  // Area code 605 (South Dakota): Mountain and Central time.
  const southDakota = calleeTimeZones({ phoneNumber: "+16055550100" });

  it("is callable only when every zone is inside the window", () => {
    expect(southDakota.zones).toEqual(["America/Denver", "America/North_Dakota/Center"]);
    // 14:00 UTC: 08:00 Mountain, 09:00 Central: both inside.
    expect(checkCallingWindow(julyAt(14, 0), southDakota).callable).toBe(true);
    // 13:30 UTC: 07:30 Mountain (too early) though 08:30 Central.
    expect(checkCallingWindow(julyAt(13, 30), southDakota)).toMatchObject({
      callable: false,
      reason: "outside_window",
    });
    // 02:30 UTC: 20:30 Mountain but 21:30 Central (too late).
    expect(checkCallingWindow(julyAt(2, 30), southDakota).callable).toBe(false);
    // 01:59 UTC: 20:59 Central, 19:59 Mountain.
    expect(checkCallingWindow(julyAt(1, 59), southDakota).callable).toBe(true);
  });

  it("opens when the last of its zones opens", () => {
    const verdict = checkCallingWindow(julyAt(13, 30), southDakota);
    if (verdict.callable) throw new Error("expected outside the window");
    expect(verdict.nextOpening?.toISOString()).toBe("2026-07-15T14:00:00.000Z");
  });
});

describe("a number with no known zone", () => {
  const nowhere = calleeTimeZones({ phoneNumber: "+99912345" });

  it("is not called, at any hour", () => {
    expect(nowhere.zones).toEqual([]);
    for (const hour of [0, 6, 12, 18]) {
      expect(checkCallingWindow(julyAt(hour, 0), nowhere)).toEqual({
        callable: false,
        reason: "unknown_zone",
        zones: [],
        nextOpening: null,
      });
    }
  });

  it("is called in the zone a campaign explicitly assumes for such numbers", () => {
    const settings = { unknownZoneAssumed: "America/Chicago" };
    expect(checkCallingWindow(julyAt(15, 0), nowhere, settings)).toMatchObject({
      callable: true,
      zones: ["America/Chicago"],
    });
    expect(checkCallingWindow(julyAt(3, 0), nowhere, settings).callable).toBe(false); // 22:00 Central
  });
});

describe("the campaign's own hours", () => {
  it("narrow the legal window, never widen it", () => {
    expect(effectiveWindow({ start: "09:30", end: "17:00" })).toEqual({ start: 570, end: 1020 });
    expect(effectiveWindow({ start: "07:00", end: "22:00" })).toEqual({ start: 480, end: 1260 });
    expect(effectiveWindow({ start: "21:30", end: "23:00" })).toBeNull();
  });

  it("apply in the callee's time", () => {
    const hours = { hours: { start: "09:30", end: "17:00" } };
    expect(checkCallingWindow(julyAt(13, 29), newYork, hours).callable).toBe(false); // 09:29
    expect(checkCallingWindow(julyAt(13, 30), newYork, hours).callable).toBe(true); // 09:30
    expect(checkCallingWindow(julyAt(20, 59), newYork, hours).callable).toBe(true); // 16:59
    expect(checkCallingWindow(julyAt(21, 0), newYork, hours).callable).toBe(false); // 17:00
  });

  it("that never overlap the legal window call nobody", () => {
    const verdict = checkCallingWindow(julyAt(16, 0), newYork, { hours: { start: "21:30", end: "23:00" } });
    expect(verdict).toMatchObject({ callable: false, reason: "outside_window", nextOpening: null });
  });

  it("must be HH:MM", () => {
    expect(minutesOf("08:05")).toBe(485);
    expect(() => minutesOf("8am")).toThrow(RangeError);
    expect(() => minutesOf("24:00")).toThrow(RangeError);
  });
});

describe("daylight saving time edges (New York)", () => {
  it("spring forward: 12:30 UTC is 07:30 on Saturday, 08:30 on Sunday after the change", () => {
    const saturday = new Date(Date.UTC(2026, 2, 7, 12, 30)); // EST, UTC-5
    const sunday = new Date(Date.UTC(2026, 2, 8, 12, 30)); // EDT, UTC-4
    expect(localMinutes(saturday, "America/New_York")).toBe(7 * 60 + 30);
    expect(checkCallingWindow(saturday, newYork).callable).toBe(false);
    expect(checkCallingWindow(sunday, newYork).callable).toBe(true);
  });

  it("fall back: 01:30 UTC is 21:30 on Saturday, 20:30 on Sunday after the change", () => {
    const saturday = new Date(Date.UTC(2026, 10, 1, 1, 30)); // Oct 31 21:30 EDT
    const sunday = new Date(Date.UTC(2026, 10, 2, 1, 30)); // Nov 1 20:30 EST
    expect(checkCallingWindow(saturday, newYork).callable).toBe(false);
    expect(checkCallingWindow(sunday, newYork).callable).toBe(true);
  });

  it("the next opening across the spring change is 08:00 local, an hour earlier in UTC", () => {
    const saturdayNight = new Date(Date.UTC(2026, 2, 8, 3, 0)); // Sat 22:00 EST
    const verdict = checkCallingWindow(saturdayNight, newYork);
    if (verdict.callable) throw new Error("expected outside the window");
    expect(verdict.nextOpening?.toISOString()).toBe("2026-03-08T12:00:00.000Z"); // 08:00 EDT
  });

  it("zones without daylight time stay put: Phoenix at 14:59 UTC is 07:59 all year", () => {
    const phoenix = { zones: ["America/Phoenix"], source: "postal_code" as const };
    expect(checkCallingWindow(new Date(Date.UTC(2026, 0, 15, 14, 59)), phoenix).callable).toBe(false);
    expect(checkCallingWindow(new Date(Date.UTC(2026, 6, 15, 14, 59)), phoenix).callable).toBe(false);
    expect(checkCallingWindow(new Date(Date.UTC(2026, 6, 15, 15, 0)), phoenix).callable).toBe(true);
  });
});
