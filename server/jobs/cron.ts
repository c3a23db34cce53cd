/**
 * Cron expressions in UTC: `minute hour day-of-month month day-of-week`, or six fields with
 * seconds first (`*\/5 * * * * *`, every five seconds: what the tests use). Each field takes
 * `*`, numbers, ranges `a-b`, steps `*\/n` or `a-b/n`, and lists of these separated by commas.
 * Day of week is 0-7 with both 0 and 7 Sunday. When both day fields are restricted a day
 * matching either one counts, as in classic cron. No month or day names.
 */

type Field = { min: number; max: number };

const SECOND: Field = { min: 0, max: 59 };
const MINUTE: Field = { min: 0, max: 59 };
const HOUR: Field = { min: 0, max: 23 };
const DAY_OF_MONTH: Field = { min: 1, max: 31 };
const MONTH: Field = { min: 1, max: 12 };
const DAY_OF_WEEK: Field = { min: 0, max: 7 };

export type Cron = {
  seconds: Set<number>;
  minutes: Set<number>;
  hours: Set<number>;
  daysOfMonth: Set<number>;
  months: Set<number>;
  daysOfWeek: Set<number>;
  /** Whether the day fields were restricted (not `*`), for the either-day rule. */
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
};

function parseNumber(text: string, field: Field, expression: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < field.min || value > field.max) {
    throw new Error(`Cron "${expression}": ${text} is not between ${field.min} and ${field.max}`);
  }
  return value;
}

function parseField(text: string, field: Field, expression: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const [range = "", stepText] = part.split("/");
    const step = stepText === undefined ? 1 : parseNumber(stepText, { min: 1, max: field.max }, expression);
    let from: number;
    let to: number;
    if (range === "*") {
      from = field.min;
      to = field.max;
    } else if (range.includes("-")) {
      const [start = "", end = ""] = range.split("-");
      from = parseNumber(start, field, expression);
      to = parseNumber(end, field, expression);
      if (from > to) throw new Error(`Cron "${expression}": range ${range} runs backwards`);
    } else {
      from = parseNumber(range, field, expression);
      // "5/15" means from 5 to the end in steps of 15.
      to = stepText === undefined ? from : field.max;
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

export function parseCron(expression: string): Cron {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5 && fields.length !== 6) {
    throw new Error(`Cron "${expression}" needs 5 fields (or 6 with seconds first)`);
  }
  const [second, minute, hour, dayOfMonth, month, dayOfWeek] =
    fields.length === 6 ? fields : ["0", ...fields];
  const daysOfWeek = parseField(dayOfWeek!, DAY_OF_WEEK, expression);
  if (daysOfWeek.delete(7)) daysOfWeek.add(0);
  return {
    seconds: parseField(second!, SECOND, expression),
    minutes: parseField(minute!, MINUTE, expression),
    hours: parseField(hour!, HOUR, expression),
    daysOfMonth: parseField(dayOfMonth!, DAY_OF_MONTH, expression),
    months: parseField(month!, MONTH, expression),
    daysOfWeek,
    dayOfMonthRestricted: dayOfMonth !== "*",
    dayOfWeekRestricted: dayOfWeek !== "*",
  };
}

function dayMatches(cron: Cron, date: Date): boolean {
  const byMonthDay = cron.daysOfMonth.has(date.getUTCDate());
  const byWeekDay = cron.daysOfWeek.has(date.getUTCDay());
  if (cron.dayOfMonthRestricted && cron.dayOfWeekRestricted) return byMonthDay || byWeekDay;
  return byMonthDay && byWeekDay;
}

/** Far enough for any real expression (Feb 29 on a Monday recurs within 28 years). */
const SEARCH_LIMIT_YEARS = 30;

/** The first tick strictly after `after`. */
export function nextTick(cron: Cron, after: Date): Date {
  const t = new Date(after.getTime());
  t.setUTCMilliseconds(0);
  t.setUTCSeconds(t.getUTCSeconds() + 1);
  const limit = after.getUTCFullYear() + SEARCH_LIMIT_YEARS;
  // Each mismatch jumps to the start of the next month, day, hour, minute or second.
  while (t.getUTCFullYear() <= limit) {
    if (!cron.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0);
    } else if (!dayMatches(cron, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0);
    } else if (!cron.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0);
    } else if (!cron.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0);
    } else if (!cron.seconds.has(t.getUTCSeconds())) {
      t.setUTCSeconds(t.getUTCSeconds() + 1);
    } else {
      return t;
    }
  }
  throw new Error("Cron expression never matches (a day that does not exist, like 31 February?)");
}
