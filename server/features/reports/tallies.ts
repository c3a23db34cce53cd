import { tzOffset } from "@date-fns/tz";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * What the reports read from the areas that own calls (the autodialer's attempts, the calls
 * table): counts and sums over a range, grouped small enough to add up in JavaScript. Each
 * source answers the same shape, so a row's figures are the sum of its sources.
 *
 * How a million rows are counted fast: each source reads its rows in two passes, each one GROUP
 * BY the database can spread over parallel workers. The first groups by campaign, rep, AI agent,
 * outcome and UTC day (a few dozen groups a day), with the hours of the day that had a call as a
 * bit mask; the second counts the whole range by UTC hour (or quarter hour), and the database
 * moves each bucket to the workspace's wall clock (every zone's offset is a multiple of 15
 * minutes) to give the days and the hours of the day. Both group by expressions of the time
 * written exactly as the statistics objects of the reports_statistics migration name them, so the
 * planner knows how few groups there are instead of guessing one per row (it would sort a million
 * rows rather than hash a few thousand groups); no row's time goes through AT TIME ZONE (a zone
 * lookup per row cost more than the grouping).
 */

/** The range and the zone its days and hours are read in; campaignId: one campaign's calls only. */
export type TallyWindow = {
  start: Date;
  end: Date;
  timeZone: string;
  campaignId: string | null;
  /** Whether the days and the hours of the day are asked for (the leaderboard needs neither). */
  series: boolean;
};

/**
 * A bulk call's run is one of the report's campaigns: its tallies carry this key where a
 * campaign's carry its id (an id is a UUID, never this).
 */
const BULK_RUN_PREFIX = "bulk-run:";
export const bulkRunKey = (name: string | null): string | null =>
  name === null ? null : `${BULK_RUN_PREFIX}${name}`;
/** The run's name when a tally's campaign key is a bulk run's, else null. */
export const bulkRunOf = (key: string | null): string | null =>
  key?.startsWith(BULK_RUN_PREFIX) ? key.slice(BULK_RUN_PREFIX.length) : null;

/** Calls of one campaign, rep, AI agent and outcome (each null where none applies). */
export type OutcomeTally = {
  /** A campaign's id, a bulk run's key (bulkRunKey), or null: calls outside campaigns. */
  campaignId: string | null;
  repId: string | null;
  aiAgentId: string | null;
  /** The source's own code (a dialer disposition or a call's outcome); null: none recorded. */
  outcome: string | null;
  calls: number;
  dials: number;
  contacts: number;
  inbound: number;
  connects: number;
  talkSeconds: number;
  waitSeconds: number;
  waited: number;
  wrapUpSeconds: number;
  wrapUps: number;
  abandoned: number;
  /** Calls a person answered on the autodialer's lines: what its abandonment is a share of. */
  dialerContacts: number;
};

export type DayTally = {
  /** YYYY-MM-DD in the workspace's zone. */
  day: string;
  calls: number;
  dials: number;
  connects: number;
  conversions: number;
  talkSeconds: number;
};

export type HourTally = { hour: number; calls: number; connects: number };

/**
 * The hours (UTC clock hours) of one UTC day in which a campaign, rep, AI agent or the whole
 * workspace had a call, as a 24-bit mask: masks from two sources are OR-ed, so an agent's hour
 * with calls of both kinds counts once.
 */
export type HourMask = {
  level: "campaign" | "rep" | "ai" | "total";
  id: string | null;
  utcDay: number;
  mask: number;
};

export type CallTallies = {
  outcomes: OutcomeTally[];
  days: DayTally[];
  hours: HourTally[];
  hourMasks: HourMask[];
};

/** Calls a person answered and calls abandoned, per campaign, over the 30 days the law reads. */
export type AbandonmentTally = { campaignId: string; abandoned: number; answeredByPerson: number };

/**
 * Runs a report's statement with two settings of its own: no JIT compilation (PostgreSQL
 * compiles a statement this costly for longer than compiling saves it), and room for a year's
 * groups in memory (the default 4 MB spills a year's partial aggregates to disk).
 */
export async function readRows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  });
}

/** A driver's row values (counts arrive as numbers or numeric strings) as numbers. */
export const count = (value: unknown): number => Math.round(Number(value ?? 0));

export const idOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

// --- Time, as the statistics objects name it ----------------------------------------------------

/**
 * Whole seconds since 1970 of a timestamptz column: immutable (the difference of two instants,
 * unlike date_part on the instant itself), so a statistics object can be built on it.
 */
export const epochSeconds = (column: SQL): SQL =>
  sql`floor(date_part('epoch', ${column} - '1970-01-01 00:00:00+00'::timestamptz))::int8`;
/** Days since 1970 in UTC. */
export const utcDay = (column: SQL): SQL => sql`(${epochSeconds(column)} / 86400)`;
/**
 * The series' time buckets in UTC, as a day and a part of it: hours where the zone's offsets over
 * the range are whole hours (every zone of the Americas and Europe), else quarter hours (India,
 * Nepal, parts of Australia), so that each bucket lies inside one hour of the wall clock. Grouped
 * by the day and the part of it rather than by hours since 1970: the planner multiplies the two
 * expressions' own statistics (366 days, 24 hours) and expects the few thousand groups there are.
 * (From ANALYZE's sample of 30,000 rows, a year's 8,784 hours look almost all distinct, and the
 * planner then expects a group for every seventh row and gives up on parallel workers.)
 */
export type BucketSeconds = 3600 | 900;
export const utcPartOfDay = (column: SQL, seconds: BucketSeconds): SQL =>
  seconds === 3600 ? sql`(${epochSeconds(column)} / 3600 % 24)` : sql`(${epochSeconds(column)} / 900 % 96)`;
export const bucketFor = (segments: { offset: number }[]): BucketSeconds =>
  segments.every((segment) => segment.offset % 3600 === 0) ? 3600 : 900;

/** 2 to the power of the UTC hour of the day: the bit a call sets in its day's hour mask. */
export const utcHourBit = (column: SQL): SQL => sql`(1 << (${epochSeconds(column)} / 3600 % 24)::int)`;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The zone's offsets from UTC (seconds) over a window and the instants they change: read each
 * day, and where two days differ, the minute of the change found by halving.
 */
export function offsetSegments(timeZone: string, start: Date, end: Date): { from: number; offset: number }[] {
  const offsetAt = (ms: number) => tzOffset(timeZone, new Date(ms)) * 60;
  const segments = [{ from: start.getTime(), offset: offsetAt(start.getTime()) }];
  for (let at = start.getTime(); at < end.getTime(); at += DAY_MS) {
    const next = Math.min(at + DAY_MS, end.getTime());
    const current = segments[segments.length - 1]?.offset ?? 0;
    if (offsetAt(next) === current) continue;
    let [low, high] = [at, next];
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(middle) === current) low = middle;
      else high = middle;
    }
    segments.push({ from: high, offset: offsetAt(high) });
  }
  return segments;
}

/**
 * Seconds since 1970 read on the workspace's wall clock for `seconds` (an SQL expression of
 * seconds since 1970 in UTC, a quarter hour's start): the offset in force then, from the
 * segments as bound values.
 */
export function wallClockSeconds(seconds: SQL, segments: { from: number; offset: number }[]): SQL {
  const [first, ...rest] = segments;
  if (!first) return seconds;
  if (rest.length === 0) return sql`(${seconds} + ${first.offset}::int8)`;
  const branches: SQL[] = [];
  let offset = first.offset;
  for (const segment of rest) {
    branches.push(sql`when ${seconds} < ${Math.floor(segment.from / 1000)}::int8 then ${offset}::int8`);
    offset = segment.offset;
  }
  return sql`(${seconds} + case ${sql.join(branches, sql` `)} else ${offset}::int8 end)`;
}

/** "2026-03-07" for a day number (days since 1970 on the wall clock). */
export const dayOfNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The number of bits set in a 24-bit mask. */
export function bitsIn(mask: number): number {
  let n = 0;
  for (let rest = mask; rest; rest &= rest - 1) n++;
  return n;
}

/**
 * A source's counts per time bucket (`buckets`: a subquery with the columns utc_day, part,
 * calls, dials, connects, conversions and talk_seconds) with each bucket's start on the wall
 * clock (`seconds`): grouped by seconds / 86400 they are the days, by seconds / 3600 % 24 the
 * hours of the day. A few thousand rows, however many calls they count.
 */
export function onWallClock(
  buckets: SQL,
  bucket: BucketSeconds,
  segments: { from: number; offset: number }[],
): SQL {
  const local = wallClockSeconds(sql`(q.utc_day * 86400 + q.part * ${sql.raw(String(bucket))})`, segments);
  return sql`(select ${local} as seconds, q.calls, q.dials, q.connects, q.conversions, q.talk_seconds
              from (${buckets}) q)`;
}

type Row = Record<string, unknown>;

/**
 * The rows of kind "day" and "hour" (n: the day since 1970 on the wall clock, or the hour of the
 * day) as the days and the hours of the day.
 */
export function shapeSeries(rows: Row[]): Pick<CallTallies, "days" | "hours"> {
  const days: DayTally[] = [];
  const hours: HourTally[] = [];
  for (const row of rows) {
    if (row.kind === "day")
      days.push({
        day: dayOfNumber(count(row.n)),
        calls: count(row.calls),
        dials: count(row.dials),
        connects: count(row.connects),
        conversions: count(row.conversions),
        talkSeconds: Number(row.talk_seconds ?? 0),
      });
    else if (row.kind === "hour")
      hours.push({ hour: count(row.n), calls: count(row.calls), connects: count(row.connects) });
  }
  return { days, hours };
}

/** An hour mask row (level, the campaign or agent, n: the UTC day, mask) as the reports' mask. */
export function shapeMask(row: Row, id: string | null): HourMask | null {
  const level = row.level as HourMask["level"];
  // The group of calls no rep (or no AI agent) took is nobody's hours.
  if (level !== "total" && id === null) return null;
  return { level, id: level === "total" ? null : id, utcDay: count(row.n), mask: count(row.mask) };
}
