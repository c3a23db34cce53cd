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

const MINUTE_WORD = Object.keys(MINUTE_WORDS)
  .sort((a, b) => b.length - a.length)
  .join("|");
const QUARTER_PAST = new RegExp(`\\bquarter (?:past|after) (${HOUR})\\b`, "g");
const HALF_PAST = new RegExp(`\\bhalf past (${HOUR})\\b`, "g");
const QUARTER_TO = new RegExp(`\\bquarter (?:to|of|till|til) (${HOUR})\\b`, "g");
// Not after "from" or "between": "from ten to eleven" is a range.
const MINUTES_PAST_OR_TO = new RegExp(
  `(?<!\\b(?:from|between) )\\b(${MINUTE_WORD}|\\d{1,2}) (?:minutes )?(past|after|to|till) (${HOUR})\\b`,
  "g",
);
const HOUR_AND_MINUTE_WORDS = new RegExp(`\\b(${HOUR_WORD}) (${MINUTE_WORD})\\b`, "g");
const HOUR_WORD_AFTER_CUE = new RegExp(
  `\\b(at|around|about|by|from|between|and|to|till|until|after|before|or|say) (${HOUR_WORD})\\b`,
  "g",
);
const HOUR_WORD_BEFORE_MERIDIEM = new RegExp(`\\b(${HOUR_WORD})(?= o'?clock| ?[ap]\\.?m\\b)`, "g");
const BRITISH_HALF = new RegExp(`\\bhalf (${HOUR})\\b(?! hours?)`, "g");
const ROUGHLY = new RegExp(
  `\\b(?:(?:at|around|about|say) )?(\\d{1,2}(?::\\d\\d)?|${HOUR_WORD})(?: |-)?ish\\b`,
  "g",
);

/*
 * A bare number is a time only where people say times: after a word that offers one ("maybe
 * like 4", "can you do 4", "how about four", "tomorrow 4", "Friday 2"), or alone after filler
 * ("um, 4?", "yeah 4 works"); and never before a noun ("2 kids", "4 blocks", "10 minutes").
 */
const OFFERS_A_TIME = [
  // "like" as filler, not the verb: "I'd like 2" may be two of anything.
  "(?<!\\b(?:i'd|i would|we'd|we would|you'd|would you|i|we|you) )like",
  "how's",
  "how is",
  "maybe",
  "perhaps",
  "probably",
  "possibly",
  "do",
  "try",
  "make it",
  "go with",
  "or",
  "then",
  "today",
  "tomorrow",
  "tonight",
  "morning",
  "afternoon",
  "evening",
  ...WEEKDAYS,
].join("|");
const FILLER = "um+|uh+|u?hm+|er+m?|ah+|oh|yeah|yes|yep|ok|okay|so|well|sure|alright|right|hi|hello";
/** Hours 1 to 12 with optional minutes ("4", "4:30", "4.30", "4 30"), or 24-hour "1530". */
const DIGIT_TIME = "(?:1[0-2]|0?[1-9])(?:[:. ][0-5]\\d)?(?!\\d)|(?:[01]\\d|2[0-3])[0-5]\\d";
const ENDS_A_TIME = `(?=\\s*(?:$|[?.!,;]|(?:or|maybe|please|then|works?|would|could|should|sounds?|suits?|is (?:fine|good|ok|okay|great|perfect|better|best|that)|ok|okay|good|fine|perfect|great|if|i guess|i think|for me|today|tomorrow|tonight|on|this|next|in the (?:morning|afternoon|evening)|${WEEKDAY})\\b))`;
/** "One" alone is too often a thing ("I'd like one"): as a word, two to twelve only. */
const HOUR_WORD_NOT_ONE = `(?:${HOUR_WORDS.slice(1).join("|")})`;
const BARE_TIME_AFTER_OFFER = new RegExp(
  `\\b(${OFFERS_A_TIME})((?:,? (?:${FILLER}))*,? )(?:(${DIGIT_TIME})|(${HOUR_WORD_NOT_ONE}))${ENDS_A_TIME}`,
  "g",
);
/** "Is 11 ok?", "does 3 work for you?", "would 2 be all right?" */
const BARE_TIME_ASKED = new RegExp(
  `\\b(is|does|would|will|could|can) (${DIGIT_TIME}|${HOUR_WORD_NOT_ONE})(?= (?:be )?(?:ok|okay|good|fine|all ?right|work|suit|possible|available|free|open)\\b)`,
  "g",
);
const BARE_TIME_ALONE = new RegExp(`^((?:[ ,.]|\\b(?:${FILLER})\\b)*)(${DIGIT_TIME})${ENDS_A_TIME}`);
/** "4.30", "4 30", "1530" as the date parser reads them: "4:30", "15:30". */
const asClock = (said: string) => {
  const [, hour, minute] = /^(\d{1,2})[:. ]?(\d\d)?$/.exec(said) ?? [];
  return minute ? `${Number(hour)}:${minute}` : said;
};

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
  // "Round 7", "'round 7": around then, as it is said.
  t = t.replace(
    /(?<![a-z])'?round (?=\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)/g,
    "around ",
  );
  t = t.replace(
    /(?<!from )\b(\d{1,2}(?::\d\d)?) ?([ap]m)? ?- ?(\d{1,2}(?::\d\d)?)\b/g,
    (_, a, m, b) => `from ${a}${m ? ` ${m}` : ""} to ${b}`,
  );
  // Days written short, as people say and type them ("next tues", "weds").
  t = t
    .replace(/\btues?\b\.?/g, "tuesday")
    .replace(/\bweds\b\.?/g, "wednesday")
    .replace(/\bthu(?:rs?)?\b\.?/g, "thursday")
    .replace(/\bfri\b\.?/g, "friday")
    .replace(/\bmon\b\.?(?= |$)/g, "monday");
  t = t.replace(/\bnoon ?ish\b/g, "noon");
  // "Seven and a half", "7 and half": half past the hour.
  t = t.replace(
    /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) and (?:a )?half\b(?! (?:hours?|days?|weeks?|months?))/g,
    (_, h: string) => clock(h, 30),
  );
  t = t.replace(/\b(a|an)\s+(quarter|half)\b/g, "$2");
  t = t.replace(QUARTER_PAST, (_, h) => clock(h, 15));
  t = t.replace(HALF_PAST, (_, h) => clock(h, 30));
  t = t.replace(QUARTER_TO, (_, h) => `${hourBefore(h)}:45`);
  t = t.replace(MINUTES_PAST_OR_TO, (whole, m: string, way: string, h: string) => {
    const minutes = MINUTE_WORDS[m] ?? Number(m);
    if (!(minutes > 0 && minutes < 60)) return whole;
    // "10 to 11" is a range, not 10:50: only word minutes read as minutes before the hour.
    if (/^\d/.test(m) && (way === "to" || way === "till")) return whole;
    return way === "past" || way === "after" ? clock(h, minutes) : `${hourBefore(h)}:${two(60 - minutes)}`;
  });
  t = t.replace(HOUR_AND_MINUTE_WORDS, (_, h: string, m: string) => clock(h, MINUTE_WORDS[m] ?? 0));
  t = t.replace(HOUR_WORD_AFTER_CUE, (_, before: string, h: string) => `${before} ${hourNumber(h)}`);
  t = t.replace(HOUR_WORD_BEFORE_MERIDIEM, (h: string) => String(hourNumber(h)));
  t = t.replace(/\b(?:at )?(\d{1,2}) o'?clock\b/g, "at $1");
  // British "half two" is 2:30 ("half an hour" is not a time).
  t = t.replace(BRITISH_HALF, (_, h) => clock(h, 30));
  // "4ish", "around four-ish": roughly then.
  t = t.replace(ROUGHLY, (_, h: string) => `at ${hourNumber(h)}`);
  t = t.replace(/\b(?:around|about|roughly|approximately|say)(?= \d)/g, "at");
  // 24-hour times: "1600 hours", "at 0930".
  t = t.replace(/\b([01]?\d|2[0-3])([0-5]\d) ?(?:hours|hrs|h)\b/g, "$1:$2");
  t = t.replace(/\b(at|by|from|to|after|before) ([01]\d|2[0-3])([0-5]\d)\b/g, "$1 $2:$3");
  t = t.replace(/\bafter lunch\b/g, "after 1pm").replace(/\bbefore lunch\b/g, "before 12pm");
  t = t.replace(/\b(?:at|over|around) lunch\b/g, "at 12:00pm");
  t = t.replace(/\b(?:noon|midday|mid day|lunchtime|lunch time)\b/g, "12:00pm");
  t = t.replace(/\btomorrow or the day after\b(?! tomorrow)/g, "tomorrow or the day after tomorrow");
  t = t.replace(/\bbetween (\S+(?: ?[ap]\.?m\.?)?) and (\S+)/g, "from $1 to $2");
  t = t.replace(/[ \t]+/g, " ");
  // Speech-to-text writes "at 3 30" for 3:30.
  t = t.replace(/\bat (\d{1,2}) ([0-5]\d)\b(?! (?:minutes?|mins?|hours?)\b)/g, "at $1:$2");
  t = t.replace(BARE_TIME_AFTER_OFFER, (_, cue: string, between: string, digits?: string, word?: string) =>
    digits ? `${cue}${between}at ${asClock(digits)}` : `${cue}${between}at ${hourNumber(word ?? "")}`,
  );
  t = t.replace(BARE_TIME_ASKED, (_, verb: string, said: string) =>
    /^\d/.test(said) ? `${verb} at ${asClock(said)}` : `${verb} at ${hourNumber(said)}`,
  );
  return t.replace(BARE_TIME_ALONE, (_, filler: string, digits: string) => `${filler}at ${asClock(digits)}`);
}

/** An hour as the date parser heard it; `certain` when am or pm (or a 24-hour clock) said which. */
type SaidHour = { hour: number; minute: number; certain: boolean };
type Hours = { open: number; close: number; partOfDay: PartOfDay | null };

/** The times of day a said hour may mean, in minutes: "4" is 4:00 or 16:00; "12" is noon; "4 pm" and "16" one. */
function readingsOf({ hour, minute, certain }: SaidHour): number[] {
  if (certain || hour === 0 || hour >= 12) return [hour * 60 + minute];
  return [hour * 60 + minute, (hour + 12) * 60 + minute];
}
const isMorning = (minutes: number) => minutes < 12 * 60;

/**
 * A bare hour as a receptionist hears it: the part of day said decides ("6 in the evening");
 * else the one reading inside working hours ("at 4" at a 9-to-5 office is 4 pm, "at 8" at a
 * 7-to-7 one is 8 am); else, when neither or both are, daytime: 1 to 6 pm, 7 to 11 am.
 */
function readHour(said: SaidHour, { open, close, partOfDay }: Hours): number {
  const readings = readingsOf(said);
  const [am = 0, pm = am] = readings;
  if (readings.length === 1) return am;
  if (partOfDay) return partOfDay === "morning" ? am : pm;
  const inside = readings.filter((m) => m >= open && m < close);
  if (inside.length === 1) return inside[0] ?? am;
  return said.hour <= 6 ? pm : am;
}

/**
 * A span's two ends read together: an am or pm said at one end holds for the other when it can
 * ("between 2 and 4pm" is 2 to 4 pm, "between 11 and 1pm" 11 am to 1 pm); ends said bare take
 * the readings, under twelve hours apart, that overlap working hours most ("9 to 11" is
 * morning, "between 11 and 1" runs over noon); none overlapping, the start reads as a bare hour.
 */
function readSpan(from: SaidHour, to: SaidHour, hours: Hours): [number, number] {
  let starts = readingsOf(from);
  if (hours.partOfDay) {
    const wanted = hours.partOfDay === "morning";
    const inPart = starts.filter((m) => isMorning(m) === wanted);
    if (inPart.length) starts = inPart;
  }
  const ends = readingsOf(to);
  let pairs = starts
    .flatMap((start) => ends.map((end): [number, number] => [start, end]))
    .filter(([start, end]) => end > start && end - start <= 12 * 60);
  if (from.certain !== to.certain) {
    const sameHalf = pairs.filter(([start, end]) => isMorning(start) === isMorning(end));
    if (sameHalf.length) pairs = sameHalf;
  }
  const overlap = ([start, end]: [number, number]) =>
    Math.max(0, Math.min(end, hours.close) - Math.max(start, hours.open));
  const preferred = readHour(from, hours);
  const best = pairs.reduce<[number, number] | null>((chosen, pair) => {
    if (!chosen) return pair;
    const gain = overlap(pair) - overlap(chosen);
    if (gain !== 0) return gain > 0 ? pair : chosen;
    return pair[0] === preferred ? pair : chosen;
  }, null);
  if (best && overlap(best) > 0) return best;
  const start = starts.includes(preferred) ? preferred : (starts[0] ?? preferred);
  const end = ends.find((m) => m > start) ?? (ends[0] ?? start) + 12 * 60;
  return [start, end > start ? end : end + 12 * 60];
}

const DURATION_ALONE =
  /^(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple(?: of)?|several)\s+(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)$/;

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
    /\bin (an?|one|two|three|four|five|six|a couple(?: of)?|\d+|half an?) ?(?:(and (?:a )?half) )?(hours?|minutes?|mins?)\b( and (?:a )?half)?/,
  );
  if (relative) {
    const [, amount = "", half1, unit = "", half2] = relative;
    const words: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
    let n = amount.startsWith("half")
      ? 0.5
      : amount.startsWith("a couple")
        ? 2
        : (words[amount] ?? Number(amount));
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
    /\b(?:by )?(?:the )?(?:last thing|end of (?:the )?(?:business |working )?day|close of (?:business|play)|cob|eod|closing time|before you close)\b/,
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
  // A length of time alone ("10 minutes late", "it takes an hour") is not when; "in 2 days" is.
  const parsed = chrono
    .parse(state.text, { instant: wallNow, timezone: 0 }, { forwardDate: true })
    .filter((r) => !DURATION_ALONE.test(r.text));
  const dayResults = parsed.filter(
    (r) => r.start.isCertain("day") || r.start.isCertain("weekday") || r.start.isCertain("month"),
  );
  const timed = parsed.find((r) => r.start.isCertain("hour"));
  for (const r of parsed) state.spans.push([r.index, r.index + r.text.length]);

  // --- the time of day ---------------------------------------------------------------------
  const hourContext: Hours = { open, close, partOfDay };
  /** chrono moves a bare start into the afternoon when the end says pm; take it back as said. */
  const saidHour = (c: chrono.ParsedResult["start"]): SaidHour => {
    const hour = c.get("hour") ?? 0;
    const certain = c.isCertain("meridiem");
    return { hour: hour > 12 && !certain ? hour - 12 : hour, minute: c.get("minute") ?? 0, certain };
  };
  let minutes: number | null = null;
  let rangeEnd: number | null = null;
  if (timed) {
    const end = timed.end;
    if (end?.isCertain("hour"))
      [minutes, rangeEnd] = readSpan(saidHour(timed.start), saidHour(end), hourContext);
    else minutes = readHour(saidHour(timed.start), hourContext);
  } else if (firstThing) {
    minutes = open;
  } else if (endOfDay) {
    minutes = Math.max(open, close - slotMinutes);
  }
  /** The latest a span said with a time may end: "between 2 and 4" ends at 4, "after 3" at closing. */
  const spanEnd =
    minutes === null ? null : (rangeEnd ?? (after ? (minutes < close ? close : DAY_MINUTES - 1) : null));

  // --- the day ----------------------------------------------------------------------------
  /**
   * A time is still ahead today, or a span said with one still leaves room for a slot ("between 2
   * and 4" said at 2:10 is today, from the next quarter hour).
   */
  const stillAheadToday = (start: number): boolean => {
    if (at(today, start).getTime() > now.getTime()) return true;
    if (spanEnd === null) return false;
    return at(today, spanEnd).getTime() - nextQuarter(now.getTime()) >= slotMinutes * MINUTE;
  };
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
    // "next Friday" (and "next week Friday") is that day in the week starting next Monday, as the
    // date parser reads it too: said on a Monday it is 11 days ahead, and "next Monday" said on a
    // Sunday is the next day (that week starts then). Callers who mean "this Friday" say so.
    if (nextWeekDay || /\bnext\b/.test(r.text)) return addDays(today, 8 - isoDayOf(today) + isoWeekday - 1);
    const ahead = (isoWeekday - isoDayOf(today) + 7) % 7;
    if (ahead > 0) return addDays(today, ahead);
    // Today's weekday: "Monday" said on a Monday means next Monday, whatever the time, as a
    // receptionist hears it; today only when the caller says so ("this Monday", "today",
    // "this afternoon"), or counts a week from it ("a week from Monday").
    const saysToday = /\bthis\b/.test(r.text) || /\btoday\b/.test(tidied) || thisPart || weekLater;
    return saysToday ? today : addDays(today, 7);
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
      else days = [stillAheadToday(minutes) ? today : addDays(today, 1)];
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
      if (spanEnd !== null) {
        const until = at(day, spanEnd);
        // A span under way today starts at the next quarter hour while a slot still fits in it;
        // one all but over keeps its start, so the caller hears it has passed.
        const underWay = fromNow > start.getTime() && until.getTime() - fromNow >= slotMinutes * MINUTE;
        return { start: underWay ? new Date(fromNow) : start, until };
      }
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
