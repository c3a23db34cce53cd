import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { afterAll, describe, expect, it } from "vitest";
import type { WorkingHours } from "../../common/ai-settings";
import { analyzeUtterance } from "./analyze";
import type { CallerFacts } from "./caller-facts";
import { defaultClassifier } from "./model";
import { type Interval, zonedDate, zonedParts } from "./schedule";
import { CallSession, type EngineSettings } from "./session";
import { extractRequestedTime, type RequestedTime } from "./spoken-time";
import { initialState } from "./state";

const NY = "America/New_York";
const OFFICE: WorkingHours = { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] };
/** The engine's default slot length. */
const SLOT = 30;

/** A wall-clock moment in a zone, as an instant. */
const wall = (zone: string, y: number, mo: number, d: number, h: number, mi = 0) =>
  new Date(new TZDate(y, mo - 1, d, h, mi, zone).getTime());

type Now = { label: string; at: Date; zone: string; hours: WorkingHours };
const ny = (label: string, at: Date): Now => ({ label, at, zone: NY, hours: OFFICE });

/** The "now"s the phrases are said at, all in New York unless named. */
const NOW = {
  mondayAfternoon: ny("Monday afternoon", wall(NY, 2026, 11, 23, 14, 10)),
  fridayEvening: ny("Friday evening", wall(NY, 2026, 11, 27, 18, 30)),
  sunday: ny("Sunday morning", wall(NY, 2026, 11, 29, 11, 0)),
  monthEnd: ny("the last day of the year", wall(NY, 2026, 12, 31, 16, 0)),
  beforeSpringForward: ny("the Saturday before the clocks go forward", wall(NY, 2027, 3, 13, 12, 0)),
  springForwardNoon: ny("noon on the day the clocks go forward", wall(NY, 2027, 3, 14, 12, 0)),
  springForwardNight: ny("1:30 am on the day the clocks go forward", wall(NY, 2027, 3, 14, 1, 30)),
  fallBackNight: ny("half past midnight on the day the clocks go back", wall(NY, 2026, 11, 1, 0, 30)),
  london: {
    label: "Monday afternoon in London (8 to 4)",
    at: wall("Europe/London", 2026, 11, 23, 14, 10),
    zone: "Europe/London",
    hours: { start: "08:00", end: "16:00", days: [1, 2, 3, 4, 5] },
  },
  tokyo: {
    label: "Monday afternoon in Tokyo (10 to 7, Saturdays too)",
    at: wall("Asia/Tokyo", 2026, 11, 23, 14, 10),
    zone: "Asia/Tokyo",
    hours: { start: "10:00", end: "19:00", days: [1, 2, 3, 4, 5, 6] },
  },
} satisfies Record<string, Now>;

/**
 * What a reading looks like, in the account's wall-clock time:
 * "Tue 2026-11-24 14:15" a time; "... 13:00-15:00" a time with the latest end the caller gave;
 * "... 09:00-12:00 any" a span with no time named (the first free slot in it will do);
 * " or ..." the other days the caller offered. null: no day or time in the words.
 */
function describeReading(reading: RequestedTime | null, zone: string): string | null {
  if (!reading) return null;
  const z = (d: Date) => new TZDate(d.getTime(), zone);
  const one = (start: Date, until: Date | null, hasTime: boolean) => {
    let out = format(z(start), "EEE yyyy-MM-dd HH:mm");
    if (until) {
      const sameDay = format(z(start), "yyyy-MM-dd") === format(z(until), "yyyy-MM-dd");
      out += sameDay ? `-${format(z(until), "HH:mm")}` : ` until ${format(z(until), "EEE yyyy-MM-dd HH:mm")}`;
    }
    return hasTime ? out : `${out} any`;
  };
  const alternatives = reading.alternatives.map((a) => ` or ${one(a.start, a.until, reading.hasTime)}`);
  return one(reading.start, reading.until, reading.hasTime) + alternatives.join("");
}

type Case = [now: Now, phrase: string, expected: string | null];

const M = NOW.mondayAfternoon;
const F = NOW.fridayEvening;
const S = NOW.sunday;
const E = NOW.monthEnd;

const CASES: Case[] = [
  // Said on Monday 23 November 2026 at 2:10 pm.
  [M, "Can I come in Monday at 9 am?", "Mon 2026-11-30 09:00"],
  [M, "Monday at 9 works for me", "Mon 2026-11-30 09:00"],
  [M, "how about Monday 10am", "Mon 2026-11-30 10:00"],
  [M, "next Monday at 11am please", "Mon 2026-11-30 11:00"],
  [M, "tomorrow between 1 and 3 pm", "Tue 2026-11-24 13:00-15:00"],
  [M, "tomorrow between 1 and 3", "Tue 2026-11-24 13:00-15:00"],
  [M, "Wednesday from 10 to 11", "Wed 2026-11-25 10:00-11:00"],
  [M, "tomorrow from 2 to 4pm", "Tue 2026-11-24 14:00-16:00"],
  [M, "Thursday 10-12", "Thu 2026-11-26 10:00-12:00"],
  [M, "Friday at 4", "Fri 2026-11-27 16:00"],
  [M, "Friday at 4:45pm", "Fri 2026-11-27 16:45"],
  [M, "tomorrow at quarter past two", "Tue 2026-11-24 14:15"],
  [M, "a quarter past nine on Thursday", "Thu 2026-11-26 09:15"],
  [M, "Wednesday at half past ten", "Wed 2026-11-25 10:30"],
  [M, "Thursday at half past three", "Thu 2026-11-26 15:30"],
  [M, "tomorrow at quarter to five", "Tue 2026-11-24 16:45"],
  [M, "quarter to ten on Wednesday", "Wed 2026-11-25 09:45"],
  [M, "Wednesday at twenty past eleven", "Wed 2026-11-25 11:20"],
  [M, "tomorrow at noon", "Tue 2026-11-24 12:00"],
  [M, "Wednesday midday", "Wed 2026-11-25 12:00"],
  [M, "Thursday at lunchtime", "Thu 2026-11-26 12:00"],
  [M, "first thing in the morning", "Tue 2026-11-24 09:00"],
  [M, "tomorrow first thing", "Tue 2026-11-24 09:00"],
  [M, "first thing Thursday morning", "Thu 2026-11-26 09:00"],
  [M, "end of day tomorrow", "Tue 2026-11-24 16:30"],
  [M, "close of business Friday", "Fri 2026-11-27 16:30"],
  [M, "could you fit me in by the end of the day?", "Mon 2026-11-23 16:30"],
  [M, "the 3rd", "Thu 2026-12-03 09:00-17:00 any"],
  [M, "the 3rd at 2", "Thu 2026-12-03 14:00"],
  [M, "the 25th of next month at 10", "Fri 2026-12-25 10:00"],
  [M, "on the 21st", "Mon 2026-12-21 09:00-17:00 any"],
  [M, "on the 25th at 11am", "Wed 2026-11-25 11:00"],
  [M, "a week from Tuesday", "Tue 2026-12-01 09:00-17:00 any"],
  [M, "a week from Tuesday at 11", "Tue 2026-12-01 11:00"],
  [M, "a week from tomorrow at 3", "Tue 2026-12-01 15:00"],
  [M, "next week Thursday", "Thu 2026-12-03 09:00-17:00 any"],
  [M, "next week Thursday at 2pm", "Thu 2026-12-03 14:00"],
  [M, "Thursday next week at 10", "Thu 2026-12-03 10:00"],
  [M, "this afternoon", "Mon 2026-11-23 14:15-17:00 any"],
  [M, "this evening", "Mon 2026-11-23 17:00-21:00 any"],
  [M, "tomorrow morning", "Tue 2026-11-24 09:00-12:00 any"],
  [M, "tomorrow afternoon", "Tue 2026-11-24 12:00-17:00 any"],
  [M, "tomorrow evening at 6", "Tue 2026-11-24 18:00"],
  [M, "tonight at 7", "Mon 2026-11-23 19:00"],
  [M, "at 5 in the afternoon on Wednesday", "Wed 2026-11-25 17:00"],
  [M, "Wednesday at 9:30 in the evening", "Wed 2026-11-25 21:30"],
  [M, "in two hours", "Mon 2026-11-23 16:15"],
  [M, "in an hour", "Mon 2026-11-23 15:15"],
  [M, "in 30 minutes", "Mon 2026-11-23 14:45"],
  [M, "at 10", "Tue 2026-11-24 10:00"],
  [M, "at 4", "Mon 2026-11-23 16:00"],
  [M, "today at 4", "Mon 2026-11-23 16:00"],
  [M, "Tuesday or Wednesday morning", "Tue 2026-11-24 09:00-12:00 any or Wed 2026-11-25 09:00-12:00 any"],
  [M, "Wednesday or Thursday at 2", "Wed 2026-11-25 14:00 or Thu 2026-11-26 14:00"],
  [M, "at three thirty tomorrow", "Tue 2026-11-24 15:30"],
  [M, "tomorrow at ten fifteen", "Tue 2026-11-24 10:15"],
  [M, "Thursday at two", "Thu 2026-11-26 14:00"],
  [M, "Thursday at eleven", "Thu 2026-11-26 11:00"],
  [M, "at three o'clock on Wednesday", "Wed 2026-11-25 15:00"],
  [M, "Wednesday at two forty-five", "Wed 2026-11-25 14:45"],
  [M, "Thursday at 14:30", "Thu 2026-11-26 14:30"],
  [M, "Wednesday at 1600 hours", "Wed 2026-11-25 16:00"],
  [M, "tomorrow at 09:30", "Tue 2026-11-24 09:30"],
  [M, "the day after tomorrow at 11", "Wed 2026-11-25 11:00"],
  [M, "Wednesday around 2", "Wed 2026-11-25 14:00"],
  [M, "Thursday after 3", "Thu 2026-11-26 15:00-17:00"],
  [M, "Friday before 11", "Fri 2026-11-27 09:00-11:00 any"],
  [M, "sometime Thursday", "Thu 2026-11-26 09:00-17:00 any"],
  [M, "December 3rd at 2pm", "Thu 2026-12-03 14:00"],
  [M, "12/3 at 10am", "Thu 2026-12-03 10:00"],
  [M, "on Dec 10 at 9:45 am", "Thu 2026-12-10 09:45"],
  [M, "Tuesday at 12:30", "Tue 2026-11-24 12:30"],
  [M, "tomorrow at 1", "Tue 2026-11-24 13:00"],
  [M, "early next week", "Mon 2026-11-30 09:00-17:00 any"],
  [M, "Tuesday at half two", "Tue 2026-11-24 14:30"],
  [M, "after lunch on Tuesday", "Tue 2026-11-24 13:00-17:00"],
  [M, "Can we do 3 o'clock?", "Mon 2026-11-23 15:00"],
  [M, "tomorrow or the day after", "Tue 2026-11-24 09:00-17:00 any or Wed 2026-11-25 09:00-17:00 any"],
  [M, "Tuesday, say around three", "Tue 2026-11-24 15:00"],
  [M, "ten to three tomorrow", "Tue 2026-11-24 14:50"],
  [M, "from ten to eleven on Wednesday", "Wed 2026-11-25 10:00-11:00"],
  [M, "Thursday the 26th at 3", "Thu 2026-11-26 15:00"],
  [M, "later today", "Mon 2026-11-23 14:15-17:00 any"],
  [M, "any time next week", "Mon 2026-11-30 09:00-17:00 any"],
  [M, "next Friday", "Fri 2026-12-04 09:00-17:00 any"],
  [M, "I'd like to make an appointment", null],
  [M, "I have two kids and one dog", null],
  [M, "my number is 555 123 4567", null],
  [M, "you can call me back on 212-555-0199", null],

  // Said on Friday 27 November 2026 at 6:30 pm.
  [F, "tomorrow at 10", "Sat 2026-11-28 10:00"],
  [F, "Monday at 9 am", "Mon 2026-11-30 09:00"],
  [F, "first thing in the morning", "Mon 2026-11-30 09:00"],
  [F, "at 10", "Sat 2026-11-28 10:00"],
  [F, "Friday at 4", "Fri 2026-12-04 16:00"],
  [F, "end of day Monday", "Mon 2026-11-30 16:30"],
  [F, "this evening at 8", "Fri 2026-11-27 20:00"],
  [F, "in two hours", "Fri 2026-11-27 20:30"],
  [F, "next week Thursday", "Thu 2026-12-03 09:00-17:00 any"],
  [F, "a week from Monday", "Mon 2026-12-07 09:00-17:00 any"],

  // Said on Sunday 29 November 2026 at 11 am.
  [S, "tomorrow at quarter past two", "Mon 2026-11-30 14:15"],
  [S, "Monday at 9", "Mon 2026-11-30 09:00"],
  [S, "first thing tomorrow", "Mon 2026-11-30 09:00"],
  [S, "first thing in the morning", "Mon 2026-11-30 09:00"],
  [S, "next week Thursday", "Thu 2026-12-03 09:00-17:00 any"],
  [S, "this afternoon", "Sun 2026-11-29 12:00-17:00 any"],
  [S, "Tuesday or Wednesday morning", "Tue 2026-12-01 09:00-12:00 any or Wed 2026-12-02 09:00-12:00 any"],

  // Said on Thursday 31 December 2026 at 4 pm.
  [E, "tomorrow at 10", "Fri 2027-01-01 10:00"],
  [E, "the 3rd", "Sun 2027-01-03 09:00-17:00 any"],
  [E, "the 4th at 11", "Mon 2027-01-04 11:00"],
  [E, "the 3rd of next month", "Sun 2027-01-03 09:00-17:00 any"],
  [E, "the 15th of next month at 2:30", "Fri 2027-01-15 14:30"],
  [E, "next week Thursday", "Thu 2027-01-07 09:00-17:00 any"],
  [E, "Monday at 9 am", "Mon 2027-01-04 09:00"],
  [E, "end of day", "Thu 2026-12-31 16:30"],
  [E, "at 10", "Fri 2027-01-01 10:00"],
  [E, "a week from Tuesday", "Tue 2027-01-12 09:00-17:00 any"],

  // Around the changes of clock in New York.
  [NOW.beforeSpringForward, "Monday at 10", "Mon 2027-03-15 10:00"],
  [NOW.springForwardNoon, "tomorrow at 9", "Mon 2027-03-15 09:00"],
  [NOW.springForwardNoon, "in two hours", "Sun 2027-03-14 14:00"],
  [NOW.springForwardNight, "in two hours", "Sun 2027-03-14 04:30"],
  [NOW.springForwardNight, "at 10", "Sun 2027-03-14 10:00"],
  [NOW.fallBackNight, "at 9", "Sun 2026-11-01 09:00"],

  // Other zones and other working hours decide am and pm.
  [NOW.london, "Friday at 4", "Fri 2026-11-27 16:00"],
  [NOW.london, "tomorrow at 8", "Tue 2026-11-24 08:00"],
  [NOW.london, "first thing tomorrow", "Tue 2026-11-24 08:00"],
  [NOW.tokyo, "tomorrow at 6", "Tue 2026-11-24 18:00"],
  [NOW.tokyo, "first thing in the morning", "Tue 2026-11-24 10:00"],
  [NOW.tokyo, "end of day Saturday", "Sat 2026-11-28 18:30"],
];

/** Each reading: all right, or at least the right start (day and time, ignoring spans). */
const results: { ok: boolean; startOk: boolean; line: string }[] = [];
const startOf = (reading: string | null) => reading?.slice(0, 20) ?? null;

describe("appointment times in plain speech", () => {
  it.each(CASES.map(([now, phrase, expected]) => ({ label: now.label, now, phrase, expected })))(
    "$label: $phrase",
    ({ now, phrase, expected }) => {
      const got = describeReading(extractRequestedTime(phrase, now.at, now.zone, now.hours, SLOT), now.zone);
      results.push({
        ok: got === expected,
        startOk: startOf(got) === startOf(expected),
        line: `${now.label}: "${phrase}" -> ${got} (want ${expected})`,
      });
      expect(got, `"${phrase}" said on ${now.label}`).toBe(expected);
    },
  );

  afterAll(() => {
    const right = results.filter((r) => r.ok).length;
    const starts = results.filter((r) => r.startOk).length;
    console.log(
      `appointment time phrases: ${right} of ${results.length} read right; ${starts} with the right start`,
    );
    for (const r of results.filter((r) => !r.ok)) console.log(`  missed: ${r.line}`);
  });
});

describe("reading is never in the past", () => {
  it.each(CASES.filter(([, , expected]) => expected !== null))("%#: %s", (now, phrase) => {
    const reading = extractRequestedTime(phrase, now.at, now.zone, now.hours, SLOT);
    expect(reading).not.toBeNull();
    expect(reading!.start.getTime()).toBeGreaterThan(now.at.getTime());
  });
});

// --- booking from plain speech: the engine never books the past or over another appointment --

const FACTS: CallerFacts = {
  number: "+15551234567",
  withheld: false,
  malformed: false,
  spoofedLooking: false,
  inContacts: false,
  contactName: null,
  blocked: false,
};

const SETTINGS: EngineSettings = {
  personality: "professional",
  greetingMessage: "Hello! You've reached my assistant. How can I help you today?",
  autoBlockSpam: true,
  allowAppointments: true,
  forwardUrgent: false,
  workingHours: OFFICE,
  appointmentDuration: SLOT,
  bufferMinutes: 0,
};

/** A call to a New York office with these appointments already in its calendar. */
function callWith(busy: Interval[] = [], settings: Partial<EngineSettings> = {}) {
  const booked: Interval[] = [];
  const session = new CallSession(
    { ownerName: "Jordan", cellphoneNumber: null, timeZone: NY, settings: { ...SETTINGS, ...settings } },
    { phoneNumber: FACTS.number, callerName: "Pat Caller" },
    async (text) => analyzeUtterance(text, defaultClassifier(), FACTS),
    {
      busyIntervals: async (from, to) => [...busy, ...booked].filter((b) => b.start < to && b.end > from),
      async bookAppointment(input) {
        booked.push({ start: input.start, end: input.end });
        return { id: `appt-${booked.length}` };
      },
      upcomingAppointment: async () => null,
      async cancelAppointment() {},
      async moveAppointment() {},
    },
    initialState(),
  );
  return { session, booked };
}

const nyAt = (mo: number, d: number, h: number, mi = 0) => wall(NY, 2026, mo, d, h, mi);
const MONDAY_2_10PM = NOW.mondayAfternoon.at;

describe("booking from plain speech", () => {
  it("books 'Monday at 9 am' said on a Monday afternoon for next Monday", async () => {
    const { session, booked } = callWith();
    const turn = await session.hear("Can I book an appointment for Monday at 9 am?", MONDAY_2_10PM);
    expect(booked).toEqual([{ start: nyAt(11, 30, 9), end: nyAt(11, 30, 9, 30) }]);
    expect(turn.reply).toContain("Monday, November 30 at 9:00 AM");
  });

  it("books 'Friday at 4' at 4 pm and 'quarter past two' at 2:15 pm", async () => {
    const friday = callWith();
    await friday.session.hear("I'd like to book an appointment Friday at 4", MONDAY_2_10PM);
    expect(friday.booked[0]?.start).toEqual(nyAt(11, 27, 16));
    const tuesday = callWith();
    await tuesday.session.hear("Could I book an appointment tomorrow at quarter past two?", MONDAY_2_10PM);
    expect(tuesday.booked[0]?.start).toEqual(nyAt(11, 24, 14, 15));
  });

  it("never books a time already past: it says so and offers the next free time", async () => {
    const { session, booked } = callWith();
    const turn = await session.hear("Can I book an appointment for today at 11am?", MONDAY_2_10PM);
    expect(booked).toEqual([]);
    expect(turn.reply).toMatch(/Monday, November 23 at 11:00 AM has already passed\. The nearest opening is/);
    expect(new Date(turn.state.offeredSlot!.start).getTime()).toBeGreaterThan(MONDAY_2_10PM.getTime());
  });

  it("never books over an existing appointment: it offers a free time instead", async () => {
    const { session, booked } = callWith([{ start: nyAt(11, 24, 15, 45), end: nyAt(11, 24, 16, 15) }]);
    const turn = await session.hear("I'd like to book an appointment for tomorrow at 4", MONDAY_2_10PM);
    expect(booked).toEqual([]);
    expect(turn.reply).toMatch(/Tuesday, November 24 at 4:00 PM is already taken/);
    const offered = turn.state.offeredSlot!;
    expect(
      new Date(offered.start) >= nyAt(11, 24, 16, 15) || new Date(offered.end) <= nyAt(11, 24, 15, 45),
    ).toBe(true);
  });

  it("offers a time inside the range the caller gave, not the nearest one outside it", async () => {
    // 1 to 2 is taken: 12:30 is as near to 1 as 2 is, but only 2 is between 1 and 3.
    const { session, booked } = callWith([{ start: nyAt(11, 24, 13), end: nyAt(11, 24, 14) }]);
    const turn = await session.hear("Can I book an appointment tomorrow between 1 and 3 pm?", MONDAY_2_10PM);
    expect(booked).toEqual([]);
    expect(turn.state.offeredSlot).toEqual({
      start: nyAt(11, 24, 14).toISOString(),
      end: nyAt(11, 24, 14, 30).toISOString(),
    });
    expect(turn.reply).toMatch(
      /Tuesday, November 24 at 1:00 PM is already taken\. The nearest opening is Tuesday, November 24 at 2:00 PM/,
    );
  });

  it("books the start of a free range at once", async () => {
    const { session, booked } = callWith();
    await session.hear("I'd like to schedule an appointment tomorrow between 1 and 3", MONDAY_2_10PM);
    expect(booked).toEqual([{ start: nyAt(11, 24, 13), end: nyAt(11, 24, 13, 30) }]);
  });

  it("offers the first free time of the second day offered when the first is full", async () => {
    const { session } = callWith([{ start: nyAt(11, 24, 9), end: nyAt(11, 24, 12) }]);
    const turn = await session.hear("I need an appointment Tuesday or Wednesday morning", MONDAY_2_10PM);
    expect(turn.reply).toMatch(
      /first opening for tuesday or wednesday morning is Wednesday, November 25 at 9:00 AM/,
    );
  });

  it("offers the first opening this afternoon, after now", async () => {
    const { session, booked } = callWith();
    const turn = await session.hear("Could I get an appointment this afternoon?", MONDAY_2_10PM);
    expect(booked).toEqual([]);
    // 30 minutes' notice from 2:10 pm, on the quarter hour.
    expect(turn.reply).toMatch(/first opening for this afternoon is Monday, November 23 at 2:45 PM/);
  });

  it("says so when the span asked for is outside working hours, and offers a time inside them", async () => {
    const { session, booked } = callWith();
    const turn = await session.hear("Can I book an appointment this evening?", MONDAY_2_10PM);
    expect(booked).toEqual([]);
    expect(turn.reply).toMatch(
      /this evening is outside our working hours \(.*\)\. The nearest opening is Monday, November 23 at 4:30 PM/,
    );
  });

  it("says a span already over has passed", async () => {
    const { session, booked } = callWith();
    const turn = await session.hear("Can I book an appointment this morning?", MONDAY_2_10PM);
    expect(booked).toEqual([]);
    expect(turn.reply).toMatch(
      /this morning has already passed\. The nearest opening is Monday, November 23 at 2:45 PM/,
    );
  });

  it("says a time outside working hours is outside them before offering another", async () => {
    const { session, booked } = callWith();
    const turn = await session.hear("Can I book an appointment tonight at 7?", MONDAY_2_10PM);
    expect(booked).toEqual([]);
    expect(turn.reply).toMatch(/Monday, November 23 at 7:00 PM is outside our working hours/);
  });
});

// --- wall clocks in a zone, on days the clocks change too -------------------------------------

describe("wall-clock times in a zone", () => {
  // Northern and southern summer time, half-hour and 45-minute offsets, a half-hour change
  // (Lord Howe), and zones with no summer time.
  const ZONES = [
    "America/New_York",
    "Europe/London",
    "Australia/Sydney",
    "Australia/Lord_Howe",
    "America/St_Johns",
    "Pacific/Chatham",
    "Asia/Kolkata",
    "Asia/Tokyo",
    "America/Sao_Paulo",
  ];
  const DAY_MS = 86_400_000;
  const FIRST = Date.UTC(2026, 0, 1);
  const DAYS = 731;
  const offsetOf = (t: number, zone: string) => -new TZDate(t, zone).getTimezoneOffset();
  /** Days (UTC midnights) on or next to a change of clocks in the zone. */
  const aroundChanges = (zone: string) => {
    const days = new Set<number>();
    for (let i = 0; i < DAYS; i++) {
      const t = FIRST + i * DAY_MS;
      if (offsetOf(t, zone) !== offsetOf(t + DAY_MS, zone))
        for (const d of [-1, 0, 1, 2]) days.add(t + d * DAY_MS);
    }
    return [...days];
  };

  /**
   * The instant a wall-clock time shows, found the slow way from TZDate's offsets: of the
   * instants that show it, the first; where the clocks skip it, read on the clock before.
   */
  const instantShowing = (y: number, mo: number, d: number, minutes: number, zone: string) => {
    const wall = Date.UTC(y, mo, d, Math.floor(minutes / 60), minutes % 60);
    const offsets = new Set<number>();
    for (let h = -30; h <= 30; h++) offsets.add(offsetOf(wall + h * 3_600_000, zone));
    const showing = [...offsets]
      .map((o) => wall - o * 60_000)
      .filter((t) => offsetOf(t, zone) === (wall - t) / 60_000);
    return showing.length ? Math.min(...showing) : wall - offsetOf(wall - DAY_MS, zone) * 60_000;
  };

  it("reads a time the clocks skip after the change, and one shown twice as the first", () => {
    const iso = (...args: Parameters<typeof zonedDate>) => zonedDate(...args).toISOString();
    expect(iso(2027, 2, 14, 2 * 60 + 30, "America/New_York")).toBe("2027-03-14T07:30:00.000Z");
    expect(iso(2026, 10, 1, 60 + 30, "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(iso(2027, 2, 28, 60 + 30, "Europe/London")).toBe("2027-03-28T01:30:00.000Z");
    expect(iso(2026, 9, 25, 60 + 30, "Europe/London")).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(2026, 3, 5, 2 * 60 + 30, "Australia/Sydney")).toBe("2026-04-04T15:30:00.000Z");
  });

  it.each(ZONES)("%s: the instant each wall-clock time shows", (zone) => {
    const changes = aroundChanges(zone);
    if (!["Asia/Kolkata", "Asia/Tokyo", "America/Sao_Paulo"].includes(zone))
      expect(changes.length).toBeGreaterThan(0);
    const checks: [day: Date, minutes: number][] = [];
    for (let i = 0; i < DAYS; i += 5)
      for (let m = 0; m < 24 * 60; m += 60) checks.push([new Date(FIRST + i * DAY_MS), m]);
    for (const t of changes) for (let m = 0; m < 24 * 60; m += 15) checks.push([new Date(t), m]);
    // Past midnight and past the month's end roll over.
    checks.push([new Date(Date.UTC(2026, 0, 31)), 24 * 60 + 30], [new Date(Date.UTC(2026, 1, 29)), 9 * 60]);
    let differences = 0;
    for (const [day, minutes] of checks) {
      const y = day.getUTCFullYear();
      const mo = day.getUTCMonth();
      const d = day.getUTCDate();
      if (zonedDate(y, mo, d, minutes, zone).getTime() !== instantShowing(y, mo, d, minutes, zone))
        differences++;
    }
    expect(differences, `${differences} of ${checks.length} times differ`).toBe(0);
  });

  it.each(ZONES)("%s: the wall clock an instant shows", (zone) => {
    const instants: number[] = [];
    for (let i = 0; i < DAYS; i += 5)
      for (let h = 0; h < 24; h++) instants.push(FIRST + i * DAY_MS + h * 3_600_000 + 7 * 60_000);
    for (const t of aroundChanges(zone)) for (let m = 0; m < 24 * 60; m += 15) instants.push(t + m * 60_000);
    let differences = 0;
    for (const t of instants) {
      const z = new TZDate(t, zone);
      const day = z.getDay();
      const expected = {
        year: z.getFullYear(),
        month: z.getMonth(),
        date: z.getDate(),
        minutes: z.getHours() * 60 + z.getMinutes(),
        isoDay: day === 0 ? 7 : day,
      };
      if (JSON.stringify(zonedParts(new Date(t), zone)) !== JSON.stringify(expected)) differences++;
    }
    expect(differences, `${differences} of ${instants.length} instants differ`).toBe(0);
  });
});
