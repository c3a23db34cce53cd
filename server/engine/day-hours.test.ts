import { describe, expect, it } from "vitest";
import type { WorkingHours } from "../../common/ai-settings";
import { describeHours } from "./respond";
import { hoursOn, isOpenAt, isWithinWorkingHours, nearestFreeSlot } from "./schedule";

const ZONE = "America/New_York";
/** Weekdays 8 to 4, Saturday 9 to 12. */
const SHORT_SATURDAY: WorkingHours = {
  start: "08:00",
  end: "16:00",
  days: [1, 2, 3, 4, 5, 6],
  dayHours: [{ day: 6, start: "09:00", end: "12:00" }],
};
/** Weekdays 9 to 5, Saturday 7 to 11. */
const EARLY_SATURDAY: WorkingHours = {
  start: "09:00",
  end: "17:00",
  days: [1, 2, 3, 4, 5, 6],
  dayHours: [{ day: 6, start: "07:00", end: "11:00" }],
};
// Saturday 2030-03-16 and the Monday after (New York is UTC-4 then).
const SAT = (hhmm: string) => new Date(`2030-03-16T${hhmm}:00-04:00`);
const MON = (hhmm: string) => new Date(`2030-03-18T${hhmm}:00-04:00`);
const slot = (start: Date, minutes: number) => ({ start, end: new Date(start.getTime() + minutes * 60_000) });

describe("a day with hours of its own", () => {
  it("has them; the other working days the usual ones; a closed day none", () => {
    expect(hoursOn(SHORT_SATURDAY, 6)).toEqual({ start: "09:00", end: "12:00" });
    expect(hoursOn(SHORT_SATURDAY, 2)).toEqual({ start: "08:00", end: "16:00" });
    expect(hoursOn(SHORT_SATURDAY, 7)).toBeNull();
  });

  it("is open and bookable only inside its own hours", () => {
    expect(isWithinWorkingHours(slot(SAT("09:00"), 60), ZONE, SHORT_SATURDAY)).toBe(true);
    expect(isWithinWorkingHours(slot(SAT("11:30"), 60), ZONE, SHORT_SATURDAY)).toBe(false);
    expect(isWithinWorkingHours(slot(SAT("14:00"), 30), ZONE, SHORT_SATURDAY)).toBe(false);
    expect(isOpenAt(SAT("13:00"), ZONE, SHORT_SATURDAY)).toBe(false);
    expect(isOpenAt(MON("13:00"), ZONE, SHORT_SATURDAY)).toBe(true);
    // A Saturday opening earlier than the weekdays does not open the weekdays early.
    expect(isOpenAt(SAT("07:30"), ZONE, EARLY_SATURDAY)).toBe(true);
    expect(isOpenAt(MON("07:30"), ZONE, EARLY_SATURDAY)).toBe(false);
  });

  it("offers its last slot before closing, with a buffer, for an afternoon asked for", () => {
    const search = (desired: Date) =>
      nearestFreeSlot({
        desired,
        durationMinutes: 30,
        bufferMinutes: 15,
        busy: [],
        timeZone: ZONE,
        hours: SHORT_SATURDAY,
        now: new Date("2030-03-13T15:00:00Z"),
      });
    expect(search(SAT("11:30"))?.start.toISOString()).toBe(SAT("11:30").toISOString());
    expect(search(SAT("14:00"))?.start.toISOString()).toBe(SAT("11:30").toISOString());
  });

  it("is named with its own hours", () => {
    expect(describeHours(SHORT_SATURDAY)).toBe("Monday to Friday, 8 AM to 4 PM; Saturday, 9 AM to 12 PM");
    expect(describeHours({ start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] })).toBe(
      "Monday to Friday, 9 AM to 5 PM",
    );
  });
});
