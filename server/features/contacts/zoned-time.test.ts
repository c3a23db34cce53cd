import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { zonedTimeFormatter } from "./zoned-time";

/** The same instant written by date-fns/tz, one Intl call each: what the cached offsets must agree with. */
const reference = (ms: number, zone: string) => format(new TZDate(ms, zone), "yyyy-MM-dd HH:mm:ss");

const ZONES = [
  "America/New_York",
  "Europe/London",
  "Australia/Lord_Howe", // a 30-minute daylight saving shift
  "Asia/Kathmandu", // +05:45
  "America/St_Johns", // -03:30, with daylight saving
  "Pacific/Chatham", // +12:45 / +13:45
  "UTC",
];

describe("instants in a workspace's zone (the exports' dates)", () => {
  it("agrees with date-fns/tz through two years, second by second across daylight-saving changes", () => {
    const wrong: string[] = [];
    for (const zone of ZONES) {
      const inZone = zonedTimeFormatter(zone);
      // Every 67 minutes 13 seconds through 2026 and 2027, and the seconds either side of every
      // change of offset found on the way.
      let before = reference(Date.UTC(2026, 0, 1), zone);
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 4_033_000) {
        const expected = reference(ms, zone);
        if (inZone(ms / 1000) !== expected) wrong.push(`${zone} ${new Date(ms).toISOString()}`);
        const gap = Date.parse(`${expected.replace(" ", "T")}Z`) - Date.parse(`${before.replace(" ", "T")}Z`);
        // A change happened in the last step: it was on a quarter hour; check each one's seconds.
        if (gap !== 4_033_000)
          for (
            let quarter = Math.ceil((ms - 4_033_000) / 900_000) * 900_000;
            quarter <= ms;
            quarter += 900_000
          )
            for (const s of [quarter - 1000, quarter, quarter + 1000])
              if (inZone(s / 1000) !== reference(s, zone)) wrong.push(`${zone} ${new Date(s).toISOString()}`);
        before = expected;
      }
    }
    expect(wrong).toEqual([]);
    // A few hundred thousand Intl calls for the reference: slow on a loaded machine.
  }, 120_000);

  it("is exact in the seconds around a change, and truncates fractions as to_char does", () => {
    const inZone = zonedTimeFormatter("America/New_York");
    // 2026-03-08 02:00 EST is 07:00 UTC: clocks go from 01:59:59 to 03:00:00.
    const change = Date.UTC(2026, 2, 8, 7, 0, 0);
    expect(inZone((change - 1000) / 1000)).toBe("2026-03-08 01:59:59");
    expect(inZone(change / 1000)).toBe("2026-03-08 03:00:00");
    expect(inZone(`${change / 1000 + 0.999999}`)).toBe("2026-03-08 03:00:00");
    // The autumn change repeats an hour: 01:30 EDT, then 01:30 EST an hour later.
    const autumn = Date.UTC(2026, 10, 1, 5, 30, 0);
    expect(inZone(autumn / 1000)).toBe("2026-11-01 01:30:00");
    expect(inZone(autumn / 1000 + 3600)).toBe("2026-11-01 01:30:00");
  });

  it("writes nothing for no date, and old and far dates in full", () => {
    const inZone = zonedTimeFormatter("Europe/London");
    expect(inZone(null)).toBe("");
    expect(inZone(undefined)).toBe("");
    expect(inZone("")).toBe("");
    expect(inZone("not a number")).toBe("");
    const old = Date.UTC(1901, 5, 1, 12, 0, 0);
    expect(inZone(old / 1000)).toBe(reference(old, "Europe/London"));
    const far = Date.UTC(2199, 11, 31, 23, 59, 59);
    expect(inZone(far / 1000)).toBe(reference(far, "Europe/London"));
  });
});
