import type { Report, ReportDay, ReportHour } from "../../../common/reports";
import type { Account } from "../../domain/account";
import { notFound } from "../../domain/errors";
import type { ReportsContext } from "./context";
import { abandonmentFigure, addTally, emptySums, figuresOf, type Sums } from "./figures";
import { presentAgentRow, presentCampaignRow } from "./presenter";
import { eachDay, reportWindow } from "./range";
import { bitsIn, bulkRunOf, type CallTallies, type HourMask } from "./tallies";

const THIRTY_DAYS_MS = 30 * 86_400_000;

/** Sums per key, created on first use. */
function sumsBy<K>(): { get(key: K): Sums; entries(): [K, Sums][] } {
  const map = new Map<K, Sums>();
  return {
    get(key) {
      let sums = map.get(key);
      if (!sums) {
        sums = emptySums();
        map.set(key, sums);
      }
      return sums;
    },
    entries: () => [...map.entries()],
  };
}

/**
 * Hours with a call per campaign, rep, AI agent and the whole, over every source: each UTC day's
 * masks OR-ed (an agent's hour with calls from both sources counts once), then their bits counted.
 */
function hoursBy(sources: readonly CallTallies[]) {
  const masks = new Map<string, number>();
  for (const source of sources)
    for (const { level, id, utcDay, mask } of source.hourMasks) {
      const key = `${level}:${id ?? ""}:${utcDay}`;
      masks.set(key, (masks.get(key) ?? 0) | mask);
    }
  const hours = new Map<string, number>();
  for (const [key, mask] of masks) {
    const owner = key.slice(0, key.lastIndexOf(":"));
    hours.set(owner, (hours.get(owner) ?? 0) + bitsIn(mask));
  }
  return (level: HourMask["level"], id: string | null) => hours.get(`${level}:${id ?? ""}`) ?? 0;
}

/**
 * A report over `from` to `to` (days in the workspace's zone): the autodialer's attempts and the
 * calls outside it, counted in the database now, added up per campaign, per agent, per day and
 * per hour of the day. A campaign that is not the workspace's is a 404, as a foreign id is.
 */
export async function buildReport(
  ctx: ReportsContext,
  account: Account,
  query: { from: string; to: string; campaignId?: string | undefined },
  /** false: the days and hours are left empty (a table of campaigns or agents, the leaderboard). */
  series = true,
): Promise<Report> {
  const campaignId = query.campaignId ?? null;
  if (campaignId && !(await ctx.attempts.hasCampaign(account.id, campaignId)))
    throw notFound("That campaign");
  const timeZone = account.timezone;
  const { start, end } = reportWindow(query.from, query.to, timeZone);
  const now = ctx.now();
  // The law's figure as at the end of the range: the 30 days up to it, or up to now.
  const thirtyDaysEnd = new Date(Math.min(end.getTime(), now.getTime()));
  const window = { start, end, timeZone, campaignId, series };
  const [dialer, unkeyed, abandonment, campaigns, members, aiAgents] = await Promise.all([
    ctx.attempts.tallies(account.id, window),
    ctx.calls.tallies(account.id, window),
    ctx.attempts.abandonment(
      account.id,
      new Date(thirtyDaysEnd.getTime() - THIRTY_DAYS_MS),
      thirtyDaysEnd,
      campaignId,
    ),
    ctx.attempts.campaigns(account.id),
    ctx.members(account),
    ctx.aiAgents(account),
  ]);
  const sources = [dialer, unkeyed];
  const hours = hoursBy(sources);

  const total = emptySums();
  const byCampaign = sumsBy<string | null>();
  const byRep = sumsBy<string>();
  const byAi = sumsBy<string>();
  for (const source of sources)
    for (const tally of source.outcomes) {
      addTally(total, tally);
      addTally(byCampaign.get(tally.campaignId), tally);
      if (tally.repId) addTally(byRep.get(tally.repId), tally);
      if (tally.aiAgentId) addTally(byAi.get(tally.aiAgentId), tally);
    }
  // The campaign asked about is listed even with no calls in the range.
  if (campaignId) byCampaign.get(campaignId);

  const campaignById = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  const campaignRows = byCampaign
    .entries()
    .map(([id, sums]) => {
      const bulkRun = bulkRunOf(id);
      const campaign = id && !bulkRun ? campaignById.get(id) : undefined;
      const last30 =
        id && !bulkRun ? abandonmentFigure(abandonment.filter((tally) => tally.campaignId === id)) : null;
      return presentCampaignRow(
        bulkRun ? null : id,
        campaign,
        figuresOf(sums, hours("campaign", id), last30),
        bulkRun,
      );
    })
    .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));

  const memberNames = new Map(members.map((member) => [member.userId, member.name]));
  const aiNames = new Map(aiAgents.map((agent) => [agent.id, agent.name]));
  const agentRows = [
    ...byRep
      .entries()
      .map(([id, sums]) =>
        presentAgentRow("rep", id, memberNames.get(id), figuresOf(sums, hours("rep", id), null)),
      ),
    ...byAi
      .entries()
      .map(([id, sums]) =>
        presentAgentRow("ai", id, aiNames.get(id), figuresOf(sums, hours("ai", id), null)),
      ),
  ].sort(
    (a, b) =>
      b.conversions - a.conversions ||
      b.connects - a.connects ||
      b.calls - a.calls ||
      a.name.localeCompare(b.name),
  );

  const days = new Map<string, ReportDay>(
    eachDay(query.from, query.to).map((day) => [
      day,
      { day, calls: 0, dials: 0, connects: 0, conversions: 0, talkSeconds: 0 },
    ]),
  );
  const hoursOfDay: ReportHour[] = Array.from({ length: 24 }, (_, hour) => ({ hour, calls: 0, connects: 0 }));
  for (const source of sources) {
    for (const tally of source.days) {
      const day = days.get(tally.day);
      if (!day) continue;
      day.calls += tally.calls;
      day.dials += tally.dials;
      day.connects += tally.connects;
      day.conversions += tally.conversions;
      day.talkSeconds += Math.round(tally.talkSeconds);
    }
    for (const tally of source.hours) {
      const hour = hoursOfDay[tally.hour];
      if (!hour) continue;
      hour.calls += tally.calls;
      hour.connects += tally.connects;
    }
  }

  return {
    range: {
      from: query.from,
      to: query.to,
      timeZone,
      start: start.toISOString(),
      end: end.toISOString(),
      campaignId,
    },
    totals: figuresOf(total, hours("total", null), abandonmentFigure(abandonment)),
    campaigns: campaignRows,
    agents: agentRows,
    days: [...days.values()],
    hours: hoursOfDay,
    campaignChoices: campaigns.map(({ id, name, status }) => ({ id, name, status })),
    generatedAt: now.toISOString(),
  };
}
