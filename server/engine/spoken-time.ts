// The English parser only: the package's default import loads every locale (about 20 MB).
import * as chrono from "chrono-node/en";
import type { WorkingHours } from "../../common/ai-settings";
import { minutesOf, zonedDate, zonedParts } from "./schedule";

/**
 * The day and time a caller asks for. `start` is where to aim; `until`, when the caller gave a
 * span ("between 1 and 3", "Thursday morning", "after 3", or just a day), is the latest the
 * appointment may end; `alternatives` are the other days offered ("Tuesday or Wednesday").
 */
export type RequestedTime = {
  start: Date;
  /** The caller named a time of day ("at 4", "quarter past two", "first thing"), not only a day or a span. */
  hasTime: boolean;
  /** The words that named it ("tomorrow at 4"), as heard after tidying. */
  text: string;
  until: Date | null;
  alternatives: { start: Date; until: Date | null }[];
};

type Day = { year: number; month: number; date: number };
type PartOfDay = "morning" | "afternoon" | "evening";

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const QUARTER = 15 * MINUTE;

/** Spans people mean by a part of the day, in minutes; narrowed to working hours when they overlap. */
const PARTS: Record<PartOfDay, [number, number]> = {
  morning: [6 * 60, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 21 * 60],
};

const HOUR_WORDS = [
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
] as const;
const HOUR_WORD = `(?:${HOUR_WORDS.join("|")})`;
const HOUR = `(?:\\d{1,2}|${HOUR_WORD})`;
const MINUTE_WORDS: Record<string, number> = {
  "oh five": 5,
  "o five": 5,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  "twenty five": 25,
  thirty: 30,
  "thirty five": 35,
  forty: 40,
  "forty five": 45,
  fifty: 50,
  "fifty five": 55,
};
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const WEEKDAY = `(?:${WEEKDAYS.join("|")})`;

const hourNumber = (word: string): number => {
  const index = (HOUR_WORDS as readonly string[]).indexOf(word);
  return index >= 0 ? index + 1 : Number(word);
};
const two = (n: number) => String(n).padStart(2, "0");
/** "3:15" from an hour said as a word or digits and minutes past it. */
const clock = (hour: string, minutes: number) => `${hourNumber(hour)}:${two(minutes)}`;
/** The hour before, on a 12-hour dial ("quarter to one" is 12:45). */
const hourBefore = (hour: string) => ((hourNumber(hour) + 10) % 12) + 1;

/**
 * Rewrites what people say into forms the date parser reads: times said as words ("three
 * thirty", "quarter past two"), noon and midday, 24-hour "1600 hours", "between 1 and 3", and
 * phone numbers blanked out so their digits are never taken for a time.
 */
export function tidy(text: string): string {
  let t = ` ${text.toLowerCase().replace(/[’‘]/g, "'").replace(/-/g, " - ")} `;
  // Phone numbers (seven digits or more, with spaces, dots, dashes or brackets) are not times.
  t = t.replace(/\+?\(?\d[\d\s().-]{5,}\d/g, (m) => (m.replace(/\D/g, "").length >= 7 ? " " : m));
  t = t.replace(/\s+-\s+/g, "-").replace(/(\D)-(\D)/g, "$1 $2");
  t = t.replace(
    /(?<!from )\b(\d{1,2}(?::\d\d)?) ?([ap]m)? ?- ?(\d{1,2}(?::\d\d)?)\b/g,
    (_, a, m, b) => `from ${a}${m ? ` ${m}` : ""} to ${b}`,
  );
  t = t.replace(/\b(a|an)\s+(quarter|half)\b/g, "$2");
  t = t.replace(new RegExp(`\\bquarter (?:past|after) (${HOUR})\\b`, "g"), (_, h) => clock(h, 15));
  t = t.replace(new RegExp(`\\bhalf past (${HOUR})\\b`, "g"), (_, h) => clock(h, 30));
  t = t.replace(
    new RegExp(`\\bquarter (?:to|of|till|til) (${HOUR})\\b`, "g"),
    (_, h) => `${hourBefore(h)}:45`,
  );
  const minuteWords = Object.keys(MINUTE_WORDS)
    .sort((a, b) => b.length - a.length)
    .join("|");
  t = t.replace(
    // Not after "from" or "between": "from ten to eleven" is a range.
    new RegExp(
      `(?<!\\b(?:from|between) )\\b(${minuteWords}|\\d{1,2}) (?:minutes )?(past|after|to|till) (${HOUR})\\b`,
      "g",
    ),
    (whole, m: string, way: string, h: string) => {
      const minutes = MINUTE_WORDS[m] ?? Number(m);
      if (!(minutes > 0 && minutes < 60)) return whole;
      // "10 to 11" is a range, not 10:50: only word minutes read as minutes before the hour.
      if (/^\d/.test(m) && (way === "to" || way === "till")) return whole;
      return way === "past" || way === "after" ? clock(h, minutes) : `${hourBefore(h)}:${two(60 - minutes)}`;
    },
  );
  t = t.replace(new RegExp(`\\b(${HOUR_WORD}) (${minuteWords})\\b`, "g"), (_, h: string, m: string) =>
    clock(h, MINUTE_WORDS[m] ?? 0),
  );
  t = t.replace(
    new RegExp(
      `\\b(at|around|about|by|from|between|and|to|till|until|after|before|or|say) (${HOUR_WORD})\\b`,
      "g",
    ),
    (_, before: string, h: string) => `${before} ${hourNumber(h)}`,
  );
  t = t.replace(new RegExp(`\\b(${HOUR_WORD})(?= o'?clock| ?[ap]\\.?m\\b)`, "g"), (h: string) =>
    String(hourNumber(h)),
  );
  t = t.replace(/\b(?:at )?(\d{1,2}) o'?clock\b/g, "at $1");
  // British "half two" is 2:30 ("half an hour" is not a time).
  t = t.replace(new RegExp(`\\bhalf (${HOUR})\\b(?! hours?)`, "g"), (_, h) => clock(h, 30));
  t = t.replace(/\b(\d{1,2})ish\b/g, "$1");
  t = t.replace(/\b(?:around|about|roughly|approximately|say)(?= \d)/g, "at");
  // 24-hour times: "1600 hours", "at 0930".
  t = t.replace(/\b([01]?\d|2[0-3])([0-5]\d) ?(?:hours|hrs|h)\b/g, "$1:$2");
  t = t.replace(/\b(at|by|from|to|after|before) ([01]\d|2[0-3])([0-5]\d)\b/g, "$1 $2:$3");
  t = t.replace(/\bafter lunch\b/g, "after 1pm").replace(/\bbefore lunch\b/g, "before 12pm");
  t = t.replace(/\b(?:at|over|around) lunch\b/g, "at 12:00pm");
  t = t.replace(/\b(?:noon|midday|mid day|lunchtime|lunch time)\b/g, "12:00pm");
  t = t.replace(/\btomorrow or the day after\b(?! tomorrow)/g, "tomorrow or the day after tomorrow");
  t = t.replace(/\bbetween (\S+(?: ?[ap]\.?m\.?)?) and (\S+)/g, "from $1 to $2");
  return t.replace(/[ \t]+/g, " ");
}

/** Ceiling to the next quarter hour: "in two hours" said at 2:10 aims at 4:15. */
const nextQuarter = (at: number) => Math.ceil(at / QUARTER) * QUARTER;

function addDays(day: Day, n: number): Day {
  const d = new Date(Date.UTC(day.year, day.month, day.date + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), date: d.getUTCDate() };
}
/** 1 is Monday, 7 Sunday. */
function isoDayOf(day: Day): number {
  const d = new Date(Date.UTC(day.year, day.month, day.date)).getUTCDay();
  return d === 0 ? 7 : d;
}
const sameDay = (a: Day, b: Day) => a.year === b.year && a.month === b.month && a.date === b.date;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** Blanks what a pattern matched (keeping positions) and reports it; null when it did not match. */
function take(
  state: { text: string; spans: [number, number][] },
  pattern: RegExp,
  replacement = "",
): RegExpExecArray | null {
  const match = pattern.exec(state.text);
  if (!match) return null;
  const from = match.index;
  const to = from + match[0].length;
  state.text = state.text.slice(0, from) + replacement.padEnd(to - from) + state.text.slice(to);
  state.spans.push([from, to]);
  return match;
}

/**
 * Reads the day and time a caller asks for, in the account's time zone, the way a receptionist
 * would: a bare hour falls in working hours ("Friday at 4" is 4 pm); a weekday that is today
 * and already past means next week ("Monday at 9" said on a Monday afternoon); a day alone
 * means any time in working hours that day; "first thing" is opening time and "end of day"
 * the last slot before closing. Null when the words name no day or time.
 */
export function extractRequestedTime(
  text: string,
  now: Date,
  timeZone: string,
  hours: WorkingHours,
  slotMinutes = 60,
): RequestedTime | null {
  const tidied = tidy(text);
  const state = { text: tidied, spans: [] as [number, number][] };
  const spoken = () => {
    if (!state.spans.length) return "";
    const from = Math.min(...state.spans.map(([a]) => a));
    const to = Math.max(...state.spans.map(([, b]) => b));
    return tidied.slice(from, to).replace(/\s+/g, " ").trim();
  };
  const open = minutesOf(hours.start);
  const close = minutesOf(hours.end);
  const nowParts = zonedParts(now, timeZone);
  const today: Day = { year: nowParts.year, month: nowParts.month, date: nowParts.date };
  const at = (day: Day, minutes: number) => zonedDate(day.year, day.month, day.date, minutes, timeZone);
  const isWorkingDay = (day: Day) => hours.days.includes(isoDayOf(day));
  /** The first working day, from `from` on, whose moment `minutes` is still ahead. */
  const nextWorking = (minutes: number, from: Day = today): Day => {
    for (let i = 0; i < 14; i++) {
      const day = addDays(from, i);
      if (isWorkingDay(day) && at(day, minutes).getTime() > now.getTime()) return day;
    }
    return addDays(from, 1);
  };

  // "in two hours", "in half an hour": counted from now, not from the clock on the wall.
  const relative = take(
    state,
    /\bin (an?|one|two|three|four|five|six|\d+|half an?) ?(?:(and a half) )?(hours?|minutes?|mins?)\b( and a half)?/,
  );
  if (relative) {
    const [, amount = "", half1, unit = "", half2] = relative;
    const words: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
    let n = amount.startsWith("half") ? 0.5 : (words[amount] ?? Number(amount));
    if (half1 || half2) n += 0.5;
    const minutes = unit.startsWith("h") ? n * 60 : n;
    return {
      start: new Date(nextQuarter(now.getTime() + minutes * MINUTE)),
      hasTime: true,
      text: spoken(),
      until: null,
      alternatives: [],
    };
  }

  const firstThing = take(state, /\b(?:first thing|as early as (?:you can|possible))(?: in the morning)?\b/);
  const endOfDay = take(
    state,
    /\b(?:by )?(?:the )?(?:end of (?:the )?(?:business |working )?day|close of (?:business|play)|cob|eod|closing time|before you close)\b/,
  );
  const tonight = take(state, /\btonight\b/);
  const part = take(state, /\b(this |in the |the )?(morning|afternoon|evening)\b/);
  const partOfDay: PartOfDay | null = tonight ? "evening" : ((part?.[2] as PartOfDay | undefined) ?? null);
  const thisPart = Boolean(tonight || part?.[1]?.trim() === "this");
  // "after 3", "before 11": the parser reads the hour; these say which side of it will do.
  const after = take(state, /\b(?:after|later than)(?= \d)/, "at");
  const before = take(state, /\b(?:before|by|no later than)(?= \d)/, "at");
  const weekLater = take(state, /\ba week (?:from|on|after)(?= (?:today|tomorrow|\w+day)\b)/);
  const nextWeekDay = take(
    state,
    new RegExp(`\\bnext week(?: on)?(?= ${WEEKDAY}\\b)|(?<=${WEEKDAY}) (?:of )?next week\\b`),
  );
  const nextWeek = nextWeekDay
    ? null
    : take(state, /\b(?:early |earlier |the start of |beginning of )?next week\b/);
  const ordinal = take(
    state,
    /\b(?:on )?the (\d{1,2})(?:st|nd|rd|th)\b(?! of (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))(?: of (this|next) month)?/,
  );

  // What is left goes to the date parser, read on the account's wall clock.
  const wallNow = new Date(Date.UTC(today.year, today.month, today.date, 0, nowParts.minutes));
  const parsed = chrono.parse(state.text, { instant: wallNow, timezone: 0 }, { forwardDate: true });
  const dayResults = parsed.filter(
    (r) => r.start.isCertain("day") || r.start.isCertain("weekday") || r.start.isCertain("month"),
  );
  const timed = parsed.find((r) => r.start.isCertain("hour"));
  for (const r of parsed) state.spans.push([r.index, r.index + r.text.length]);

  // --- the time of day ---------------------------------------------------------------------
  const inHours = (m: number) => m >= open && m < close;
  /** A bare hour: the part of day said, else the reading inside working hours, else daytime. */
  const meridiem = (hour: number, minute: number, certain: boolean, below?: number): number => {
    if (certain || hour === 0 || hour >= 12) return hour * 60 + minute;
    const am = hour * 60 + minute;
    const pm = am + 12 * 60;
    if (partOfDay) return partOfDay === "morning" ? am : pm;
    if (below !== undefined) {
      // The start of a range: the reading before its end that falls in working hours.
      const fits = [am, pm].filter((m) => m < below);
      return fits.find(inHours) ?? fits.at(-1) ?? am;
    }
    if (inHours(am)) return am;
    if (inHours(pm)) return pm;
    return hour <= 7 ? pm : am;
  };
  let minutes: number | null = null;
  let rangeEnd: number | null = null;
  if (timed) {
    const s = timed.start;
    const e = timed.end;
    if (e?.isCertain("hour")) {
      rangeEnd = meridiem(e.get("hour") ?? 0, e.get("minute") ?? 0, e.isCertain("meridiem"));
      const startHour = s.get("hour") ?? 0;
      // chrono moves the start into the afternoon by itself when the end says pm; re-read it.
      const hour12 = startHour > 12 && !s.isCertain("meridiem") ? startHour - 12 : startHour;
      minutes = meridiem(hour12, s.get("minute") ?? 0, s.isCertain("meridiem"), rangeEnd);
      if (rangeEnd <= minutes) rangeEnd += 12 * 60;
    } else {
      minutes = meridiem(s.get("hour") ?? 0, s.get("minute") ?? 0, s.isCertain("meridiem"));
    }
  } else if (firstThing) {
    minutes = open;
  } else if (endOfDay) {
    minutes = Math.max(open, close - slotMinutes);
  }

  // --- the day ----------------------------------------------------------------------------
  const dayOf = (r: chrono.ParsedResult): Day | null => {
    const c = r.start;
    const chronoDay: Day = {
      year: c.get("year") ?? today.year,
      month: (c.get("month") ?? 1) - 1,
      date: c.get("day") ?? 1,
    };
    if (c.isCertain("day") || c.isCertain("month")) return chronoDay;
    const weekday = c.get("weekday");
    if (!c.isCertain("weekday") || weekday === null) return null;
    const isoWeekday = weekday === 0 ? 7 : weekday;
    if (nextWeekDay) return addDays(today, 8 - isoDayOf(today) + isoWeekday - 1);
    const ahead = (isoWeekday - isoDayOf(today) + 7) % 7;
    const saidNext = /\bnext\b/.test(r.text);
    if (ahead === 0) {
      // Today's weekday named: today only while the time named is still ahead; else next week.
      const stillToday = minutes !== null && at(today, minutes).getTime() > now.getTime();
      return stillToday && !saidNext ? today : addDays(today, 7);
    }
    // "next Friday" said early in the week: the parser's reading (the one in next week) stands.
    return saidNext ? chronoDay : addDays(today, ahead);
  };

  let days: Day[] = [];
  if (ordinal) {
    // "the 3rd": the next 3rd still ahead (this month or a later one that has it); "of next month".
    const date = Number(ordinal[1]);
    const nextMonth = ordinal[2] === "next";
    for (let i = nextMonth ? 1 : 0; i < 14 && !days.length; i++) {
      const first = new Date(Date.UTC(today.year, today.month + i, 1));
      const day = { year: first.getUTCFullYear(), month: first.getUTCMonth(), date };
      if (date < 1 || date > daysInMonth(day.year, day.month)) continue;
      const ahead = at(day, minutes ?? close).getTime() > now.getTime();
      if (ahead || nextMonth) days = [day];
    }
    if (!days.length) return null;
  } else if (dayResults.length) {
    // "Tuesday or Wednesday": each day joined by "or" is another choice.
    const [first, ...rest] = dayResults;
    if (first) {
      const firstDay = dayOf(first);
      if (firstDay) days.push(firstDay);
      let previous = first;
      for (const r of rest) {
        const between = state.text.slice(previous.index + previous.text.length, r.index).trim();
        if (between !== "or" && between !== "or on") break;
        const d = dayOf(r);
        if (d) days.push(d);
        previous = r;
      }
    }
  } else if (nextWeek) {
    days = [nextWorking(open, addDays(today, 8 - isoDayOf(today)))];
  } else if (thisPart) {
    days = [today];
  }
  if (weekLater) days = days.map((d) => addDays(d, 7));

  if (!days.length) {
    if (minutes !== null) {
      // No day: the next time the clock shows it (a working day for "first thing" and "end of day").
      if (!timed && (firstThing || endOfDay)) days = [nextWorking(minutes)];
      else days = [at(today, minutes).getTime() > now.getTime() ? today : addDays(today, 1)];
    } else if (partOfDay) {
      days = [today];
    } else {
      return null;
    }
  }

  // --- start, and the latest end --------------------------------------------------------
  const windowFor = (day: Day): { start: Date; until: Date | null } => {
    const fromNow = sameDay(day, today) ? nextQuarter(now.getTime()) : 0;
    if (minutes !== null) {
      const start = at(day, minutes);
      if (rangeEnd !== null) return { start, until: at(day, rangeEnd) };
      if (after) return { start, until: minutes < close ? at(day, close) : at(day, DAY_MINUTES - 1) };
      if (before) {
        const from = Math.max(at(day, open).getTime(), fromNow);
        return { start: new Date(from), until: start };
      }
      return { start, until: null };
    }
    let [from, to] = partOfDay ? PARTS[partOfDay] : [open, close];
    if (partOfDay && from < close && to > open) [from, to] = [Math.max(from, open), Math.min(to, close)];
    const until = at(day, to);
    // A span already over ("this morning" said after lunch) keeps its start: the caller
    // is told it has passed and offered the next free time.
    const passed = fromNow >= until.getTime();
    return {
      start: new Date(passed ? at(day, from).getTime() : Math.max(at(day, from).getTime(), fromNow)),
      until,
    };
  };
  const [main, ...others] = days.map(windowFor);
  if (!main) return null;
  return {
    start: main.start,
    hasTime: minutes !== null && !before,
    text: spoken(),
    until: main.until,
    alternatives: others,
  };
}
