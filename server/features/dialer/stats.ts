import {
  ABANDON_CEILING_PERCENT,
  ABANDON_WARNING_PERCENT,
  type Abandonment,
  type AbandonmentFigure,
  type CampaignStats,
  DISPOSITIONS,
  type DispositionCode,
} from "../../../common/dialer";
import { type DialerContext, percent, startOfDay } from "./context";
import type { CampaignRow, Tally } from "./repository";

const HOUR_MS = 60 * 60 * 1000;
const THIRTY_DAYS_MS = 30 * 24 * HOUR_MS;

function figure(tally: Tally): AbandonmentFigure {
  return { ...tally, ratePercent: percent(tally.abandoned, tally.answeredByPerson) };
}

/**
 * The campaign's abandonment: abandoned calls over calls answered by a person
 * (answering machines count in neither), today in the workspace's day, over the rolling 30
 * days, and over the campaign so far. The warning shows when the worse of the 30-day and
 * campaign rates reaches ABANDON_WARNING_PERCENT, on the way to the 3% ceiling.
 */
export async function abandonmentOf(
  ctx: DialerContext,
  campaign: Pick<CampaignRow, "id" | "abandonTargetPercent">,
  timeZone: string,
): Promise<Abandonment> {
  const now = ctx.now();
  const tallies = await ctx.repo.abandonment(
    campaign.id,
    startOfDay(now, timeZone),
    new Date(now.getTime() - THIRTY_DAYS_MS),
  );
  const last30Days = figure(tallies.last30Days);
  const so = figure(tallies.campaign);
  return {
    today: figure(tallies.today),
    last30Days,
    campaign: so,
    targetPercent: campaign.abandonTargetPercent,
    ceilingPercent: ABANDON_CEILING_PERCENT,
    nearCeiling: Math.max(last30Days.ratePercent, so.ratePercent) >= ABANDON_WARNING_PERCENT,
  };
}

/**
 * Campaign stats, read from the attempts: dialedToday (attempts that went out since
 * midnight in the workspace's zone), connectedToday (of those, put through to an agent),
 * contactRate (of those, answered by a person, percent), callsPerHour (dialled in the last 60
 * minutes), the lines in use now, the abandonment figures, and the leads by disposition.
 */
export async function campaignStats(
  ctx: DialerContext,
  campaign: CampaignRow,
  timeZone: string,
): Promise<CampaignStats> {
  const now = ctx.now();
  const [counts, lines, abandonment, dispositions] = await Promise.all([
    ctx.repo.dialCounts(campaign.id, startOfDay(now, timeZone), new Date(now.getTime() - HOUR_MS)),
    ctx.repo.liveLines(campaign.workspaceId, campaign.id),
    abandonmentOf(ctx, campaign, timeZone),
    ctx.repo.leadDispositions(campaign.id),
  ]);
  return {
    dialedToday: counts.dialed,
    connectedToday: counts.connected,
    contactRate: percent(counts.answered, counts.dialed),
    callsPerHour: counts.lastHour,
    activeLines: lines.campaign,
    abandonment,
    dispositions: dispositions
      .filter((row): row is typeof row & { disposition: DispositionCode } => row.disposition in DISPOSITIONS)
      .map((row) => ({
        code: row.disposition,
        label: DISPOSITIONS[row.disposition].label,
        leads: row.leads,
        byAi: row.byAi,
      }))
      .sort((a, b) => b.leads - a.leads || a.label.localeCompare(b.label)),
  };
}
