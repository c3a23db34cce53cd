import { DIALING_MODES, type DialingMode } from "../../../../common/dialer";
import type { CampaignPacingState } from "../../../db/schema";
import { linesToDial, type PacingDecision, rateOf } from "../pacing";
import type { CampaignFigures, ClaimedLead, RuntimeRepository } from "./attempts-repository";
import type { RuntimeContext } from "./context";
import { type DialResult, dialClaimed } from "./dial";
import { recoverStale } from "./recovery";

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60_000;
const AGENT_DIALLED_PER_TICK = 50;

type ActiveCampaign = Awaited<ReturnType<RuntimeRepository["activeCampaigns"]>>[number];

export type TickReport = {
  campaigns: number;
  /** Lines pacing asked for, over all campaigns. */
  wanted: number;
  claimed: number;
  results: Record<DialResult, number>;
  recovered: number;
  /** Milliseconds from the start to the claims committed (what the bench's goal measures). */
  decideAndClaimMs: number;
};

/**
 * The pacing decision for one campaign at this tick. A campaign the 3% ceiling dropped to
 * progressive stays progressive until its rate is back at its target (it does not bounce back
 * over the ceiling on the next answer); AI agents count as ready agents for their free places.
 */
export function decide(campaign: ActiveCampaign, figures: CampaignFigures, now: Date): PacingDecision {
  const target = campaign.abandonTargetPercent / 100;
  const worst = Math.max(rateOf(figures.rolling30Days), rateOf(figures.campaignSoFar));
  const stillDropped = Boolean(campaign.pacing?.droppedToProgressive) && worst > target;
  const mode: DialingMode = (DIALING_MODES as readonly string[]).includes(campaign.dialingMode)
    ? (campaign.dialingMode as DialingMode)
    : "progressive";
  const aiPlaces = campaign.aiAgents.reduce((sum, agent) => sum + agent.concurrentCalls, 0);
  const aiFree = Math.max(0, aiPlaces - figures.aiCalls);
  const previous = campaign.pacing?.updatedAt ? new Date(campaign.pacing.updatedAt) : null;
  return linesToDial(
    {
      readyAgents: figures.availableAgents + aiFree,
      agentsOnCall: figures.agentsOnCall + figures.aiCalls,
      linesRinging: figures.linesRinging,
      callsWaiting: figures.callsWaiting,
      level: campaign.pacing?.level ?? null,
      secondsSinceLastDecision: previous ? Math.max(0, (now.getTime() - previous.getTime()) / 1000) : 0,
      sincePrevious: figures.sincePrevious,
      rolling30Days: figures.rolling30Days,
      campaignSoFar: figures.campaignSoFar,
    },
    {
      mode: stillDropped && mode === "predictive" ? "progressive" : mode,
      dialRatio: campaign.dialRatio,
      maxLines: campaign.maxLines,
      targetAbandonRate: target,
    },
  );
}

function pacingState(campaign: ActiveCampaign, decision: PacingDecision, now: Date): CampaignPacingState {
  const dropped =
    decision.modeChange !== null ||
    (Boolean(campaign.pacing?.droppedToProgressive) &&
      decision.mode === "progressive" &&
      campaign.dialingMode === "predictive");
  return { level: decision.level, droppedToProgressive: dropped, updatedAt: now.toISOString() };
}

/** Runs `work` over the items with at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * One dialer tick (issue 13): scheduled campaigns whose time came start; for every active
 * campaign (one statement for all of them) the free agents (reps available, AI agents' free
 * places), the lines in flight and the abandonment figures go to pacing, which answers lines
 * to dial; one statement claims that many due leads per campaign (callbacks due first, then
 * never-tried, then retries past their gap) with FOR UPDATE SKIP LOCKED, each with its attempt
 * and unique dial key, and commits; the pacing state is saved; then each claimed lead goes
 * through the dial-time gate and is dialled. Attempts a dead process left behind are taken up.
 */
export async function runTick(ctx: RuntimeContext): Promise<TickReport> {
  const started = performance.now();
  const now = ctx.now();
  await ctx.repo.activateScheduled(now);
  const campaigns = await ctx.repo.activeCampaigns(ctx.campaignsPerTick);
  const figures = await ctx.repo.figures(
    campaigns.map((campaign) => ({
      id: campaign.id,
      workspaceId: campaign.workspaceId,
      since: campaign.pacing?.updatedAt ? new Date(campaign.pacing.updatedAt) : now,
    })),
    new Date(now.getTime() - THIRTY_DAYS_MS),
  );
  const decisions = new Map<string, PacingDecision>();
  for (const campaign of campaigns) {
    const seen = figures.get(campaign.id);
    if (seen) decisions.set(campaign.id, decide(campaign, seen, now));
  }
  const wants = campaigns.map((campaign) => ({
    campaignId: campaign.id,
    workspaceId: campaign.workspaceId,
    count: decisions.get(campaign.id)?.lines ?? 0,
    requireConsent: campaign.aiAgents.length > 0,
  }));
  const claimed = await ctx.repo.claim(wants, now);
  const decideAndClaimMs = performance.now() - started;
  await ctx.repo.savePacing(
    campaigns.flatMap((campaign) => {
      const decision = decisions.get(campaign.id);
      return decision ? [{ campaignId: campaign.id, pacing: pacingState(campaign, decision, now) }] : [];
    }),
    now,
  );

  const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  const results: Record<DialResult, number> = { dialled: 0, refused: 0, lines_busy: 0, failed: 0, gone: 0 };
  await eachLimited<ClaimedLead>(claimed, ctx.dialConcurrency, async (lead) => {
    const campaign = byId.get(lead.campaignId);
    if (!campaign) return;
    try {
      results[await dialClaimed(ctx, campaign, lead)]++;
    } catch (error) {
      // Left queued: the recovery sweep dials it under the same key on a later tick.
      ctx.log.error({ err: error, attemptId: lead.attemptId }, "dialling a claimed lead failed");
    }
  });

  // Leads agents dialled by hand (preview and manual) since the last tick.
  for (const attemptId of await ctx.repo.agentDialled(AGENT_DIALLED_PER_TICK)) {
    const lead = await ctx.repo.claimedAgain(attemptId);
    const campaign = lead ? await ctx.repo.campaignForCall(lead.campaignId) : undefined;
    if (lead && campaign) results[await dialClaimed(ctx, campaign, lead)]++;
  }

  // A campaign that wanted lines and found no lead may be done: nothing left and no line in use.
  const claimedCampaigns = new Set(claimed.map((lead) => lead.campaignId));
  for (const want of wants) {
    if (want.count > 0 && !claimedCampaigns.has(want.campaignId))
      await ctx.attempts.completeIfDone(want.campaignId);
  }
  const recovered = await recoverStale(ctx);
  return {
    campaigns: campaigns.length,
    wanted: wants.reduce((sum, want) => sum + want.count, 0),
    claimed: claimed.length,
    results,
    recovered,
    decideAndClaimMs,
  };
}
