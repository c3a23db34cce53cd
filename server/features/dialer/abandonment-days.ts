import { type SQL, sql } from "drizzle-orm";

const DAY_MS = 24 * 60 * 60_000;

/**
 * The rolling 30 days and the campaign so far, over calls answered by a person, as a subquery
 * for one campaign (`campaignId` an SQL expression: a bound id or an outer query's column),
 * with the columns month_abandoned, month_answered, all_abandoned and all_answered.
 *
 * It reads the campaign's rows of dial_abandonment_days (one a UTC day, kept by triggers on
 * dial_attempts) instead of every answered call: the days wholly inside the window from the
 * table, and the part of the window's first day (from `thirtyDaysAgo` to the next UTC midnight)
 * counted from the attempts themselves through dial_attempts_campaign_human_idx. The counts are
 * the same as counting every answered attempt since `thirtyDaysAgo`; the cost no longer grows
 * with the calls a campaign has made.
 */
export function abandonmentTallies(campaignId: SQL, thirtyDaysAgo: Date): SQL {
  const firstFullDayStart = new Date(Math.floor(thirtyDaysAgo.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  const firstFullDay = firstFullDayStart.toISOString().slice(0, 10);
  return sql`
    select days.month_abandoned + edge.abandoned month_abandoned,
           days.month_answered + edge.answered month_answered,
           days.all_abandoned, days.all_answered
    from (
      select coalesce(sum(d.abandoned) filter (where d.day >= ${firstFullDay}::date), 0)::int month_abandoned,
             coalesce(sum(d.human_answered) filter (where d.day >= ${firstFullDay}::date), 0)::int month_answered,
             coalesce(sum(d.abandoned), 0)::int all_abandoned,
             coalesce(sum(d.human_answered), 0)::int all_answered
      from dial_abandonment_days d where d.campaign_id = ${campaignId}
    ) days, (
      select count(*) filter (where a.state = 'abandoned')::int abandoned, count(*)::int answered
      from dial_attempts a
      where a.campaign_id = ${campaignId} and a.answered_by_person
        and a.answered_at >= ${thirtyDaysAgo} and a.answered_at < ${firstFullDayStart}
    ) edge`;
}
