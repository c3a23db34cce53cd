import { type SQL, sql } from "drizzle-orm";
import { CONVERTED_DISPOSITIONS } from "../../../common/calls";
import type { Db } from "../../db/client";
import {
  bucketFor,
  bulkRunKey,
  type CallTallies,
  count,
  idOrNull,
  offsetSegments,
  onWallClock,
  readRows,
  shapeMask,
  shapeSeries,
  type TallyWindow,
  utcDay,
  utcHourBit,
  utcPartOfDay,
} from "../reports/tallies";

type Row = Record<string, unknown>;

const CREATED = sql`c.created_at`;
/**
 * The AI agent a call belongs to: the one that answered its last turn, else the one it was
 * placed with (as the agents' own figures count it). Written as the statistics object
 * calls_report_days names it.
 */
const AGENT = sql`coalesce(c.engine_state #>> '{assistant,agentId}', c.agent_id::text)`;
/** A person took part: the assistant heard the caller and it was no answering machine. */
const ANSWERED = sql`(c.analysis is not null and c.disposition is distinct from 'voicemail')`;

/**
 * The calls' side of the reports: the calls no background job placed (no dial key), which are
 * the calls in and the calls dialled by hand (a contact's Dial, the screening simulation), and
 * the bulk calls, each run a campaign of the report's by its name (`bulk_run`). The autodialer's
 * calls, keyed like bulk calls but with no run, are counted from its attempts instead
 * (dialer/report-figures.ts). Test calls are left out. Read at request time through
 * calls_workspace_reported_idx, so a workspace of autodialer calls reads none of them here;
 * reports/tallies.ts says how the two passes stay fast.
 *
 * Such a call is a connect when a person took part (and, dialled out, a contact); its duration
 * is its talk time.
 */
export function callReportFigures(db: Db) {
  const inRange = (workspaceId: string, window: TallyWindow): SQL => sql`
    c.workspace_id = ${workspaceId} and (c.dial_key is null or c.bulk_run is not null)
    and c.created_at >= ${window.start} and c.created_at < ${window.end} and not c.is_test`;

  /**
   * By agent, bulk run, direction, outcome, whether answered and UTC day; then by outcome, and
   * the hours per AI agent, per bulk run (or none: the calls outside campaigns) and for all.
   */
  function outcomes(workspaceId: string, window: TallyWindow): Promise<Row[]> {
    return readRows(
      db,
      sql`
      with days as (
        select ${AGENT} as agent_id, c.bulk_run, c.direction, c.disposition, ${ANSWERED} as answered,
               ${utcDay(CREATED)} as utc_day,
               count(*)::int as calls,
               coalesce(sum(c.duration) filter (where ${ANSWERED}), 0)::float8 as talk_seconds,
               bit_or(${utcHourBit(CREATED)}) as mask
        from calls c
        where ${inRange(workspaceId, window)}
        group by ${AGENT}, c.bulk_run, c.direction, c.disposition, ${ANSWERED}, ${utcDay(CREATED)}
      )
      select 'outcome' as kind, agent_id, bulk_run, direction = 'inbound' as inbound, disposition, answered,
             null::int8 as n, sum(calls)::int as calls, sum(talk_seconds)::float8 as talk_seconds,
             null::int as mask, null as level
      from days group by agent_id, bulk_run, direction, disposition, answered
      union all
      select 'hours', agent_id, bulk_run, null, null, null, utc_day, 0, 0, bit_or(mask),
             case grouping(agent_id, bulk_run) when 1 then 'ai' when 2 then 'campaign' else 'total' end
      from days group by grouping sets ((agent_id, utc_day), (bulk_run, utc_day), (utc_day))`,
    );
  }

  /** By UTC day and hour (or quarter hour) of the day, on the wall clock: the days and the hours. */
  function series(workspaceId: string, window: TallyWindow): Promise<Row[]> {
    const segments = offsetSegments(window.timeZone, window.start, window.end);
    const bucket = bucketFor(segments);
    return readRows(
      db,
      seriesRows(
        onWallClock(
          sql`select ${utcDay(CREATED)} as utc_day, ${utcPartOfDay(CREATED, bucket)} as part, count(*)::int as calls,
                     (count(*) filter (where c.direction <> 'inbound'))::int as dials,
                     (count(*) filter (where ${ANSWERED}))::int as connects,
                     (count(*) filter (where c.disposition = any(${sql.param([...CONVERTED_DISPOSITIONS])}::text[])))::int as conversions,
                     coalesce(sum(c.duration) filter (where ${ANSWERED}), 0)::float8 as talk_seconds
              from calls c
              where ${inRange(workspaceId, window)}
              group by ${utcDay(CREATED)}, ${utcPartOfDay(CREATED, bucket)}`,
          bucket,
          segments,
        ),
      ),
    );
  }

  return {
    async tallies(workspaceId: string, window: TallyWindow): Promise<CallTallies> {
      // A campaign's report has no calls from outside the autodialer.
      if (window.campaignId) return { outcomes: [], days: [], hours: [], hourMasks: [] };
      const [byOutcome, bySeries] = await Promise.all([
        outcomes(workspaceId, window),
        window.series ? series(workspaceId, window) : [],
      ]);
      return shapeTallies([...byOutcome, ...bySeries]);
    },
  };
}

export type CallReportFigures = ReturnType<typeof callReportFigures>;

/** The days and the hours of the day (n: the day since 1970 on the wall clock, or the hour of the day). */
function seriesRows(local: SQL): SQL {
  return sql`
    select 'day' as kind, seconds / 86400 as n, sum(calls)::int as calls, sum(dials)::int as dials,
           sum(connects)::int as connects, sum(conversions)::int as conversions,
           sum(talk_seconds)::float8 as talk_seconds
    from ${local} l group by seconds / 86400
    union all
    select 'hour', seconds / 3600 % 24, sum(calls)::int, sum(dials)::int, sum(connects)::int,
           sum(conversions)::int, 0
    from ${local} l group by seconds / 3600 % 24`;
}

function shapeTallies(rows: Row[]): CallTallies {
  const tallies: CallTallies = { outcomes: [], hourMasks: [], ...shapeSeries(rows) };
  for (const row of rows) {
    if (row.kind === "day" || row.kind === "hour") continue;
    const agentId = idOrNull(row.agent_id);
    const bulkRun = idOrNull(row.bulk_run);
    if (row.kind !== "outcome") {
      // A bulk run's hours are its row's; the other calls' are the row of calls outside campaigns.
      if (row.level === "campaign")
        tallies.hourMasks.push({
          level: "campaign",
          id: bulkRunKey(bulkRun),
          utcDay: count(row.n),
          mask: count(row.mask),
        });
      else {
        const mask = shapeMask(row, agentId);
        if (mask) tallies.hourMasks.push(mask);
      }
      continue;
    }
    const inbound = row.inbound === true;
    const calls = count(row.calls);
    const connects = row.answered === true ? calls : 0;
    tallies.outcomes.push({
      campaignId: bulkRunKey(bulkRun),
      repId: null,
      aiAgentId: agentId,
      outcome: idOrNull(row.disposition),
      calls,
      dials: inbound ? 0 : calls,
      contacts: inbound ? 0 : connects,
      inbound: inbound ? calls : 0,
      connects,
      talkSeconds: Number(row.talk_seconds ?? 0),
      waitSeconds: 0,
      waited: 0,
      wrapUpSeconds: 0,
      wrapUps: 0,
      abandoned: 0,
      dialerContacts: 0,
    });
  }
  return tallies;
}
