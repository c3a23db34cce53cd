import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import type { WorkingHours } from "../../common/ai-settings";
import { extractRequestedTime, type RequestedTime } from "./spoken-time";

// How a receptionist reads the times callers say, in New York and in London, for offices with
// different hours. Each phrase is read at a fixed moment; what it means is checked on the
// account's wall clock.

const NY = "America/New_York";
const LONDON = "Europe/London";
const NINE_TO_FIVE: WorkingHours = { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] };
const SEVEN_TO_SEVEN: WorkingHours = { start: "07:00", end: "19:00", days: [1, 2, 3, 4, 5] };
const ALL_DAY: WorkingHours = { start: "00:00", end: "23:59", days: [1, 2, 3, 4, 5, 6, 7] };
const SLOT = 30;

type Moment = { label: string; at: Date; zone: string; hours: WorkingHours };
const moment = (
  label: string,
  zone: string,
  hours: WorkingHours,
  y: number,
  mo: number,
  d: number,
  h: number,
  mi = 0,
) => ({
  label,
  at: new Date(new TZDate(y, mo - 1, d, h, mi, zone).getTime()),
  zone,
  hours,
});

/** Monday 23 November 2026 at 2:10 pm in New York, at a 9-to-5 office. */
const NY_MON = moment("New York, Monday 2:10 pm", NY, NINE_TO_FIVE, 2026, 11, 23, 14, 10);
const NY_MON_LATE = moment("New York, Monday 3:45 pm", NY, NINE_TO_FIVE, 2026, 11, 23, 15, 45);
const NY_MON_EARLY = moment("New York, Monday 8 am", NY, NINE_TO_FIVE, 2026, 11, 23, 8, 0);
const NY_SUN = moment("New York, Sunday 11 am", NY, NINE_TO_FIVE, 2026, 11, 29, 11, 0);
const NY_LONG_DAY = moment("New York, Wednesday 10 am, open 7 to 7", NY, SEVEN_TO_SEVEN, 2026, 11, 25, 10, 0);
const NY_ALL_DAY = moment("New York, Wednesday 10 am, open all day", NY, ALL_DAY, 2026, 11, 25, 10, 0);
const LDN_MON = moment("London, Monday 2:10 pm", LONDON, NINE_TO_FIVE, 2026, 11, 23, 14, 10);
const LDN_SUMMER = moment("London, Thursday 9:30 am in summer time", LONDON, NINE_TO_FIVE, 2027, 7, 1, 9, 30);

/**
 * A reading on the account's wall clock: "Mon 2026-11-23 16:00" a time, "... 14:00-16:00" a time
 * with the latest end the caller gave, "... any" a span with no time named; null, no time at all.
 */
function wallClock(reading: RequestedTime | null, zone: string): string | null {
  if (!reading) return null;
  const local = (d: Date) => new TZDate(d.getTime(), zone);
  let out = format(local(reading.start), "EEE yyyy-MM-dd HH:mm");
  if (reading.until) {
    const sameDay = format(local(reading.start), "yyyy-MM-dd") === format(local(reading.until), "yyyy-MM-dd");
    out += sameDay
      ? `-${format(local(reading.until), "HH:mm")}`
      : ` until ${format(local(reading.until), "EEE yyyy-MM-dd HH:mm")}`;
  }
  return reading.hasTime ? out : `${out} any`;
}

type Case = [at: Moment, phrase: string, expected: string | null];

const CASES: Case[] = [
  // A bare hour falls in working hours; outside them, 1 to 6 is pm and 7 to 11 am; 12 is noon.
  [NY_MON, "at 4", "Mon 2026-11-23 16:00"],
  [NY_MON, "at 9", "Tue 2026-11-24 09:00"],
  [NY_MON, "at 11", "Tue 2026-11-24 11:00"],
  [NY_MON, "at 12", "Tue 2026-11-24 12:00"],
  [NY_MON, "at 1", "Tue 2026-11-24 13:00"],
  [NY_MON, "at 5", "Mon 2026-11-23 17:00"],
  [NY_MON, "at 6", "Mon 2026-11-23 18:00"],
  [NY_MON, "at 7", "Tue 2026-11-24 07:00"],
  [NY_MON, "seven thirty", "Tue 2026-11-24 07:30"],
  [NY_MON, "quarter past eight", "Tue 2026-11-24 08:15"],
  [NY_MON, "half past 3", "Mon 2026-11-23 15:30"],
  [NY_MON, "three thirty", "Mon 2026-11-23 15:30"],
  [NY_MON, "quarter to five", "Mon 2026-11-23 16:45"],
  [NY_MON, "4ish", "Mon 2026-11-23 16:00"],
  [NY_MON, "around four-ish", "Mon 2026-11-23 16:00"],
  [NY_MON, "around 4", "Mon 2026-11-23 16:00"],
  [NY_MON, "4 o'clock", "Mon 2026-11-23 16:00"],
  [NY_MON, "3:30 pm", "Mon 2026-11-23 15:30"],
  [NY_MON, "1530", "Mon 2026-11-23 15:30"],
  [NY_MON, "at 3 30", "Mon 2026-11-23 15:30"],
  [NY_MON, "noon", "Tue 2026-11-24 12:00"],
  [NY_MON_EARLY, "at 10", "Mon 2026-11-23 10:00"],
  [NY_MON_EARLY, "at 4", "Mon 2026-11-23 16:00"],
  [NY_LONG_DAY, "at 8", "Thu 2026-11-26 08:00"],
  [NY_LONG_DAY, "at 7", "Thu 2026-11-26 07:00"],
  [NY_LONG_DAY, "at 6", "Wed 2026-11-25 18:00"],
  // Open round the clock both readings fit: daytime decides.
  [NY_ALL_DAY, "at 4", "Wed 2026-11-25 16:00"],
  [NY_ALL_DAY, "at 9", "Thu 2026-11-26 09:00"],

  // Said the way people say it, filler and all.
  [NY_MON, "um, maybe like 4?", "Mon 2026-11-23 16:00"],
  [NY_MON, "uh, like, 4 maybe?", "Mon 2026-11-23 16:00"],
  [NY_MON, "can you do 4?", "Mon 2026-11-23 16:00"],
  [NY_MON, "could we do, um, 3?", "Mon 2026-11-23 15:00"],
  [NY_MON, "yeah 4 works", "Mon 2026-11-23 16:00"],
  [NY_MON, "is 11 ok?", "Tue 2026-11-24 11:00"],
  [NY_MON, "does 3 work?", "Mon 2026-11-23 15:00"],
  [NY_MON, "how about four tomorrow?", "Tue 2026-11-24 16:00"],
  [NY_MON, "tomorrow 4", "Tue 2026-11-24 16:00"],
  [NY_MON, "Friday 2?", "Fri 2026-11-27 14:00"],
  [NY_MON, "4-ish on Friday", "Fri 2026-11-27 16:00"],
  [NY_MON, "tomorrow, sometime around 10ish", "Tue 2026-11-24 10:00"],

  // Days and times together.
  [NY_MON, "tomorrow at 3", "Tue 2026-11-24 15:00"],
  [NY_MON, "the day after tomorrow at 10", "Wed 2026-11-25 10:00"],
  [NY_MON, "Friday morning", "Fri 2026-11-27 09:00-12:00 any"],
  [NY_MON, "end of the day", "Mon 2026-11-23 16:30"],
  [NY_MON, "last thing Friday", "Fri 2026-11-27 16:30"],
  [NY_MON, "first thing tomorrow", "Tue 2026-11-24 09:00"],
  [NY_MON, "in two hours", "Mon 2026-11-23 16:15"],
  [NY_MON, "in an hour and a half", "Mon 2026-11-23 15:45"],
  [NY_MON, "next week Tuesday at 4", "Tue 2026-12-01 16:00"],
  [NY_MON, "the 15th at 2", "Tue 2026-12-15 14:00"],
  [NY_MON, "December 3rd at 10am", "Thu 2026-12-03 10:00"],
  [NY_MON, "tomorrow afternoon around 2", "Tue 2026-11-24 14:00"],

  // A span's am or pm holds for both ends; bare ends read where the office is open.
  [NY_MON, "between 2 and 4pm", "Mon 2026-11-23 14:15-16:00"],
  [NY_MON, "today between 2 and 4", "Mon 2026-11-23 14:15-16:00"],
  [NY_MON, "any time after 2pm", "Mon 2026-11-23 14:15-17:00"],
  [NY_MON_LATE, "between 2 and 4pm", "Tue 2026-11-24 14:00-16:00"],
  [NY_MON, "tomorrow between 2 and 4pm", "Tue 2026-11-24 14:00-16:00"],
  [NY_MON, "from 10 to 11am", "Tue 2026-11-24 10:00-11:00"],
  [NY_MON, "9 to 11", "Tue 2026-11-24 09:00-11:00"],
  [NY_MON, "between 11 and 1", "Tue 2026-11-24 11:00-13:00"],
  [NY_MON, "between 11 and 1pm", "Tue 2026-11-24 11:00-13:00"],
  [NY_MON, "from 9am to 5", "Mon 2026-11-23 14:15-17:00"],
  [NY_MON, "between 3 and 5", "Mon 2026-11-23 15:00-17:00"],
  [NY_MON, "5 to 7", "Mon 2026-11-23 17:00-19:00"],
  [NY_MON, "tomorrow morning between 9 and 11", "Tue 2026-11-24 09:00-11:00"],
  [NY_MON, "Thursday between 10 and 2", "Thu 2026-11-26 10:00-14:00"],
  [NY_LONG_DAY, "between 6 and 8", "Wed 2026-11-25 18:00-20:00"],

  // Today's weekday alone means next week's; "this" or "today" means today.
  [NY_MON, "Monday", "Mon 2026-11-30 09:00-17:00 any"],
  [NY_MON, "Monday at 4", "Mon 2026-11-30 16:00"],
  [NY_MON, "this Monday at 4", "Mon 2026-11-23 16:00"],
  [NY_MON, "today, Monday, at 4", "Mon 2026-11-23 16:00"],
  [NY_MON, "next Monday", "Mon 2026-11-30 09:00-17:00 any"],
  [NY_MON, "next Friday", "Fri 2026-12-04 09:00-17:00 any"],
  [NY_MON, "this Friday", "Fri 2026-11-27 09:00-17:00 any"],
  [NY_MON, "a week from Monday", "Mon 2026-11-30 09:00-17:00 any"],
  [NY_MON_EARLY, "Monday at 10", "Mon 2026-11-30 10:00"],
  [NY_MON_EARLY, "this Monday at 10", "Mon 2026-11-23 10:00"],
  [NY_SUN, "Monday", "Mon 2026-11-30 09:00-17:00 any"],
  // "next" is the week starting next Monday, and that week starts tomorrow when said on a Sunday.
  [NY_SUN, "next Monday", "Mon 2026-11-30 09:00-17:00 any"],
  [NY_SUN, "next Tuesday", "Tue 2026-12-01 09:00-17:00 any"],
  [NY_SUN, "Sunday", "Sun 2026-12-06 09:00-17:00 any"],
  [NY_SUN, "this Sunday", "Sun 2026-11-29 11:00-17:00 any"],
  [NY_SUN, "next week Tuesday at 4", "Tue 2026-12-01 16:00"],

  // London, in winter (GMT) and summer time (BST).
  [LDN_MON, "at 4", "Mon 2026-11-23 16:00"],
  [LDN_MON, "at 7", "Tue 2026-11-24 07:00"],
  [LDN_MON, "half four tomorrow", "Tue 2026-11-24 16:30"],
  [LDN_MON, "quarter to five", "Mon 2026-11-23 16:45"],
  [LDN_MON, "1530", "Mon 2026-11-23 15:30"],
  [LDN_MON, "um, maybe like 4?", "Mon 2026-11-23 16:00"],
  [LDN_MON, "between 2 and 4pm", "Mon 2026-11-23 14:15-16:00"],
  [LDN_MON, "between 11 and 1", "Tue 2026-11-24 11:00-13:00"],
  [LDN_MON, "Monday", "Mon 2026-11-30 09:00-17:00 any"],
  [LDN_MON, "this Monday", "Mon 2026-11-23 14:15-17:00 any"],
  [LDN_MON, "the 15th at 2", "Tue 2026-12-15 14:00"],
  [LDN_MON, "first thing tomorrow", "Tue 2026-11-24 09:00"],
  [LDN_SUMMER, "at 4", "Thu 2027-07-01 16:00"],
  [LDN_SUMMER, "tomorrow at 10", "Fri 2027-07-02 10:00"],
  [LDN_SUMMER, "Thursday", "Thu 2027-07-08 09:00-17:00 any"],
  [LDN_SUMMER, "in two hours", "Thu 2027-07-01 11:30"],
  [LDN_SUMMER, "December 3rd at 10am", "Fri 2027-12-03 10:00"],
  [LDN_SUMMER, "end of the day", "Thu 2027-07-01 16:30"],

  // Numbers that are not times.
  [NY_MON, "I have 2 kids", null],
  [NY_MON, "I'm about 5 minutes away", null],
  [NY_MON, "running 10 minutes late", null],
  [NY_MON, "it takes 20 minutes", null],
  [NY_MON, "I'd like one", null],
  [NY_MON, "I'd like 2 appointments", null],
  [NY_MON, "we have 10 people", null],
  [NY_MON, "room 4, please", null],
  [LDN_MON, "I called 3 times already", null],
];

describe("spoken times as a receptionist reads them", () => {
  it.each(CASES.map(([at, phrase, expected]) => ({ label: at.label, at, phrase, expected })))(
    "$label: $phrase",
    ({ at, phrase, expected }) => {
      const reading = extractRequestedTime(phrase, at.at, at.zone, at.hours, SLOT);
      expect(wallClock(reading, at.zone), `"${phrase}" said ${at.label}`).toBe(expected);
    },
  );

  it.each(
    CASES.filter(([, , expected]) => expected !== null).map(([at, phrase]) => ({
      label: at.label,
      at,
      phrase,
    })),
  )("is never in the past: $label: $phrase", ({ at, phrase }) => {
    const reading = extractRequestedTime(phrase, at.at, at.zone, at.hours, SLOT);
    expect(reading?.start.getTime()).toBeGreaterThanOrEqual(at.at.getTime());
  });

  it("keeps the start of a span said for today that is all but over, so the caller hears it has passed", () => {
    const reading = extractRequestedTime("today between 2 and 4", NY_MON_LATE.at, NY, NINE_TO_FIVE, SLOT);
    expect(wallClock(reading, NY)).toBe("Mon 2026-11-23 14:00-16:00");
  });

  it("keeps the caller's words for the reply", () => {
    const reading = extractRequestedTime("um, maybe like 4 tomorrow?", NY_MON.at, NY, NINE_TO_FIVE, SLOT);
    expect(reading?.text).toBe("at 4 tomorrow");
    expect(reading?.hasTime).toBe(true);
  });
});
