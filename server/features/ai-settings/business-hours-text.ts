import type { DayHours, WorkingHours } from "../../../common/ai-settings";

/**
 * Business hours as people type them at sign-up ("Mon-Fri 9am-5pm", "Monday to Friday 9 to 6,
 * Saturday 10-2", "9-5 weekdays", "open 24/7", "Tues–Sat 8:30am – 4:30pm, closed Sun") read into
 * the working hours bookings use. The text is read whole or not at all: a word it does not know
 * ("by appointment", "lunch", a time zone), a time with no end, hours past midnight or two
 * different hours for one day leave it unread (null), so a guess never replaces what the owner
 * set. A text naming only days keeps the hours it is given; one naming only hours keeps the days.
 *
 * A grammar of its own rather than chrono-node: chrono reads dates and moments ("next Monday at
 * 9"), not weekly patterns, day ranges or "9-5", which is most of what is written here.
 */

const MINUTES_IN_DAY = 24 * 60;
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

type Clock = {
  /** Minutes past midnight when the clock can only mean one time ("5pm", "17:00", "noon"). */
  fixed: number | null;
  /** Otherwise the morning reading (9 for "9"); the evening one is 12 hours later. */
  morning: number;
  /** "midnight" or "12am": the start of a day when it opens, its end when it closes. */
  midnight: boolean;
};

type Token =
  | { kind: "days"; days: number[]; single: number | null }
  | { kind: "clock"; clock: Clock }
  | { kind: "through" }
  | { kind: "allDay" }
  | { kind: "always" }
  | { kind: "closed" }
  | { kind: "meridiem"; meridiem: "am" | "pm" };

const DAY_WORDS: [RegExp, number][] = [
  [/^(?:mondays?|mon)\b/, 1],
  [/^(?:tuesdays?|tues?)\b/, 2],
  [/^(?:wednesdays?|weds?)\b/, 3],
  [/^(?:thursdays?|thurs?|thu)\b/, 4],
  [/^(?:fridays?|fri)\b/, 5],
  [/^(?:saturdays?|sat)\b/, 6],
  [/^(?:sundays?|sun)\b/, 7],
];

/** Words that carry no hours ("We're open", "Hours:"); anything not known leaves the text unread. */
const FILLER =
  /^(?:we're|we are|were|we|our|the|are|is|open|opens|opened|hours|hour|hrs|from|on|at|and|only|office|business|every|o'clock|oclock)\b/;

function clockOf(
  hourText: string,
  minuteText: string | undefined,
  meridiem: string | undefined,
): Clock | null {
  const hour = Number(hourText);
  const minute = minuteText ? Number(minuteText) : 0;
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    const pm = meridiem.startsWith("p");
    // "12am" opens a day and closes it; "12:30am" is half past midnight.
    if (hour === 12 && !pm)
      return minute === 0
        ? { fixed: null, morning: 0, midnight: true }
        : { fixed: minute, morning: minute, midnight: false };
    const value = (hour % 12) * 60 + minute + (pm ? 12 * 60 : 0);
    return { fixed: value, morning: value, midnight: false };
  }
  if (hour > 23) return null;
  // "17:00", "0900" and "09" are read on a 24-hour clock; "9" and "8:30" could be either half.
  const twentyFourHour = hour === 0 || hour > 12 || (hourText.length === 2 && hourText.startsWith("0"));
  const value = hour * 60 + minute;
  if (twentyFourHour) return { fixed: value, morning: value, midnight: false };
  if (hour === 12) return { fixed: null, morning: 12 * 60 + minute, midnight: false };
  return { fixed: null, morning: value, midnight: false };
}

/** What a piece of the text says: a token, nothing (a separator, a filler word), or "unknown". */
type Rule = [RegExp, (match: RegExpExecArray) => Token | null | "unknown"];

const RULES: Rule[] = [
  [/^[\s,;:/.!]+/, () => null],
  [/^(?:24\s*\/\s*7|24-7|twenty[- ]four seven)\b/, () => ({ kind: "always" })],
  [/^(?:24\s*(?:hours|hrs?|h)(?:\s+a\s+day)?|(?:a)?round the clock)\b/, () => ({ kind: "allDay" })],
  [
    /^(?:daily|every\s?day|each day|all week|(?:7|seven) days(?: a week| per week)?)\b/,
    () => ({ kind: "days", days: ALL_DAYS, single: null }),
  ],
  [
    /^(?:week\s?days?|business days|working days|m\s?-\s?f)\b/,
    () => ({ kind: "days", days: [1, 2, 3, 4, 5], single: null }),
  ],
  [/^week\s?ends?\b/, () => ({ kind: "days", days: [6, 7], single: null })],
  [
    /^(noon|midday|midnight)\b/,
    (match) => ({
      kind: "clock",
      clock:
        match[1] === "midnight"
          ? { fixed: null, morning: 0, midnight: true }
          : { fixed: 12 * 60, morning: 12 * 60, midnight: false },
    }),
  ],
  // "0900" and "1730" without am or pm are a 24-hour clock; "830am" is 8:30 in the morning.
  [
    /^(\d{1,2})(\d{2})\s*(am|pm|a|p)?\b/,
    ([, hour = "", minute, meridiem]) => {
      const clock = clockOf(hour, minute, meridiem);
      if (!clock) return "unknown";
      return { kind: "clock", clock: meridiem ? clock : { ...clock, fixed: clock.morning } };
    },
  ],
  [
    /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a|p)?\b/,
    ([, hour = "", minute, meridiem]) => {
      const clock = clockOf(hour, minute, meridiem);
      return clock ? { kind: "clock", clock } : "unknown";
    },
  ],
  [
    /^(?:in the (morning)|in the (?:afternoon|evening)|at night)\b/,
    (match) => ({ kind: "meridiem", meridiem: match[1] ? "am" : "pm" }),
  ],
  [/^(?:-|to\b|through\b|thru\b|till?\b|until\b)/, () => ({ kind: "through" })],
  [/^(?:closed|except|excluding|but not|not open)\b/, () => ({ kind: "closed" })],
  [FILLER, () => null],
  ...DAY_WORDS.map(([pattern, day]): Rule => [pattern, () => ({ kind: "days", days: [day], single: day })]),
];

/** The words as tokens, or null at the first one that says nothing this grammar knows. */
function tokenize(text: string): Token[] | null {
  let rest = text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\b([ap])\.\s?m\.?/g, "$1m")
    .replace(/&/g, " and ")
    .replace(/\bbetween\s+(\S+)\s+and\s+/g, "from $1 to ")
    .trim();
  const tokens: Token[] = [];
  while (rest.length > 0) {
    let said: Token | null | "unknown" = "unknown";
    for (const [pattern, read] of RULES) {
      const match = pattern.exec(rest);
      if (!match) continue;
      rest = rest.slice(match[0].length);
      said = read(match);
      break;
    }
    if (said === "unknown") return null;
    if (said) tokens.push(said);
  }
  return attachMeridiems(tokens);
}

/** "9 in the morning" is 9am: the phrase settles the clock before it. */
function attachMeridiems(tokens: Token[]): Token[] | null {
  const out: Token[] = [];
  for (const token of tokens) {
    if (token.kind !== "meridiem") {
      out.push(token);
      continue;
    }
    const previous = out.at(-1);
    if (previous?.kind !== "clock" || previous.clock.fixed !== null) return null;
    const { morning } = previous.clock;
    const value = token.meridiem === "am" ? morning % (12 * 60) : (morning % (12 * 60)) + 12 * 60;
    previous.clock = { fixed: value, morning: value, midnight: false };
  }
  return out;
}

type Clause = {
  days: number[] | null;
  hours: { start: Clock; end: Clock } | "allDay" | null;
  closed: boolean;
};

/** Days and hours said together ("Mon-Fri 9-5", "9-5 weekdays", "closed Sun"), in the order written. */
function clausesOf(tokens: Token[]): Clause[] | null {
  const clauses: Clause[] = [];
  const fresh = (): Clause => {
    const clause: Clause = { days: null, hours: null, closed: false };
    clauses.push(clause);
    return clause;
  };
  // A clause takes more days until it has hours or is closed ("Mon, Wed, Fri 10-4"), and hours
  // until it has some ("9-5 weekdays"); what comes after a finished one starts the next.
  const forDays = (last: Clause | undefined) =>
    last && !(last.days !== null && (last.hours !== null || last.closed)) ? last : fresh();
  const forHours = (last: Clause | undefined) =>
    last && last.hours === null && !last.closed ? last : fresh();
  const forClosed = (last: Clause | undefined) =>
    last && last.hours === null && !(last.days !== null && last.closed) ? last : fresh();

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const next = tokens[i + 1];
    const afterNext = tokens[i + 2];
    const last = clauses.at(-1);
    if (token?.kind === "days") {
      let days = token.days;
      if (token.single && next?.kind === "through" && afterNext?.kind === "days" && afterNext.single) {
        days = dayRange(token.single, afterNext.single);
        i += 2;
      }
      const clause = forDays(last);
      clause.days = [...new Set([...(clause.days ?? []), ...days])];
    } else if (token?.kind === "clock") {
      if (next?.kind !== "through" || afterNext?.kind !== "clock") return null;
      i += 2;
      forHours(last).hours = { start: token.clock, end: afterNext.clock };
    } else if (token?.kind === "allDay" || token?.kind === "always") {
      const clause = forHours(last);
      clause.hours = "allDay";
      if (token.kind === "always") clause.days = [...new Set([...(clause.days ?? []), ...ALL_DAYS])];
    } else if (token?.kind === "closed") {
      forClosed(last).closed = true;
    } else {
      return null;
    }
  }
  return clauses;
}

/** Monday to Friday, or Friday to Monday across the weekend. */
function dayRange(from: number, to: number): number[] {
  const days: number[] = [];
  for (let day = from; ; day = (day % 7) + 1) {
    days.push(day);
    if (day === to) return days;
  }
}

/**
 * The opening and closing minutes a range means. A clock written without am or pm is read the
 * way business hours are meant: a pair inside the working day (6:00 to 22:00) before any other,
 * then the shortest ("9-12" closes at noon, "9-9" at 21:00, "1-5" runs 13:00 to 17:00).
 */
function rangeOf(start: Clock, end: Clock): { start: number; end: number } | null {
  const starts = start.midnight
    ? [0]
    : start.fixed !== null
      ? [start.fixed]
      : [start.morning, start.morning + 12 * 60];
  const ends = end.midnight
    ? [MINUTES_IN_DAY]
    : end.fixed !== null
      ? [end.fixed]
      : end.morning === 12 * 60
        ? [12 * 60, MINUTES_IN_DAY]
        : [end.morning, end.morning + 12 * 60];
  const pairs = starts
    .flatMap((s) => ends.map((e) => ({ start: s % MINUTES_IN_DAY, end: e })))
    .filter((pair) => pair.start < pair.end && pair.end <= MINUTES_IN_DAY);
  const daytime = (pair: { start: number; end: number }) => pair.start >= 6 * 60 && pair.end <= 22 * 60;
  pairs.sort(
    (a, b) =>
      Number(daytime(b)) - Number(daytime(a)) || a.end - a.start - (b.end - b.start) || a.start - b.start,
  );
  return pairs[0] ?? null;
}

function clockText(minutes: number): string {
  // The working hours' clock stops at 23:59: closing at midnight is the last minute of the day.
  const shown = Math.min(minutes, MINUTES_IN_DAY - 1);
  return `${String(Math.floor(shown / 60)).padStart(2, "0")}:${String(shown % 60).padStart(2, "0")}`;
}

/**
 * The working hours `text` describes, or null when it cannot be read whole. `current` fills in
 * what the text leaves out (the days of "9 to 5", the hours of "Monday to Saturday").
 */
export function readBusinessHours(text: string, current: WorkingHours): WorkingHours | null {
  const tokens = tokenize(text);
  if (!tokens?.length) return null;
  const clauses = clausesOf(tokens);
  if (!clauses) return null;
  const opened = clauses.filter((clause) => !clause.closed);
  const closed = clauses.filter((clause) => clause.closed);
  if (opened.length === 0 || closed.some((clause) => clause.days === null || clause.hours !== null))
    return null;
  // A clause without days or without hours borrows them only when it is the only one that opens.
  if (opened.length > 1 && opened.some((clause) => clause.days === null || clause.hours === null))
    return null;

  const closedDays = new Set(closed.flatMap((clause) => clause.days ?? []));
  const hoursByDay = new Map<number, string>();
  for (const clause of opened) {
    let range: { start: string; end: string };
    if (clause.hours === "allDay") range = { start: "00:00", end: clockText(MINUTES_IN_DAY) };
    else if (clause.hours) {
      const minutes = rangeOf(clause.hours.start, clause.hours.end);
      if (!minutes) return null;
      range = { start: clockText(minutes.start), end: clockText(minutes.end) };
    } else range = { start: current.start, end: current.end };
    const key = `${range.start}-${range.end}`;
    // "Open 24 hours" with no days named means every day.
    const days = clause.days ?? (clause.hours === "allDay" ? ALL_DAYS : current.days);
    for (const day of days) {
      if (closedDays.has(day)) continue;
      const said = hoursByDay.get(day);
      if (said && said !== key) return null;
      hoursByDay.set(day, key);
    }
  }
  if (hoursByDay.size === 0) return null;
  return asWorkingHours(hoursByDay);
}

/** Each open day's "HH:MM-HH:MM" as working hours: the most common hours, and the days that differ. */
function asWorkingHours(hoursByDay: Map<number, string>): WorkingHours {
  const days = [...hoursByDay.keys()].sort((a, b) => a - b);
  const counts = new Map<string, number>();
  for (const day of days) {
    const key = hoursByDay.get(day) ?? "";
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // Ties go to the hours of the earliest day (Map keeps the order days were counted in).
  let usual = "";
  let most = 0;
  for (const [key, count] of counts) {
    if (count > most) {
      usual = key;
      most = count;
    }
  }
  const [start = "", end = ""] = usual.split("-");
  const dayHours: DayHours[] = days
    .filter((day) => hoursByDay.get(day) !== usual)
    .map((day) => {
      const [dayStart = "", dayEnd = ""] = (hoursByDay.get(day) ?? "").split("-");
      return { day, start: dayStart, end: dayEnd };
    });
  return dayHours.length ? { start, end, days, dayHours } : { start, end, days };
}
