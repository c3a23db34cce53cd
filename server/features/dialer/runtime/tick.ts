import { sql } from "drizzle-orm";
import { DIALING_MODES, type DialingMode } from "../../../../common/dialer";
import { advisoryLock } from "../../../db/locks";
import type { CampaignPacingState } from "../../../db/schema";
import {
  linesToDial,
  linesToRelease,
  type PacingDecision,
  type PacingSettings,
  type PacingSnapshot,
  rateOf,
} from "../pacing";
import { assignAnyCampaignReps } from "./any-campaign";
import {
  type ActiveCampaign,
  type CampaignFigures,
  type ClaimedLead,
  type RuntimeRepository,
  runtimeRepository,
} from "./attempts-repository";
import type { RuntimeContext } from "./context";
import { accountsOnce, type DialResult, dialClaimed, prepareBatch } from "./dial";
import type { GateLine } from "./gate";
import { recoverStale } from "./recovery";

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60_000;
const AGENT_DIALLED_PER_TICK = 50;

/** Leads dialled per batch: the gate's lists are read for a batch at once, its calls linked at once. */
const DIAL_BATCH = 32;

export type TickReport = {
  campaigns: number;
  /** Lines pacing let go after 15 s of ringing that the carrier hung up. */
  released: number;
  /** Lines pacing asked for, over all campaigns. */
  wanted: number;
  claimed: number;
  results: Record<DialResult, number>;
  recovered: number;
  /** Milliseconds from the start to the claims committed (what the bench's goal measures). */
  decideAndClaimMs: number;
  /** Of those, the milliseconds until every campaign's figures were read (the lock and the first statement). */
  figuresMs: number;
};

/**
 * The pacing decision for one campaign at this tick, and the dial keys of the ringing lines it
 * lets go. A campaign the 3% ceiling dropped to progressive stays progressive until its rate is
 * back at its target (it does not bounce back over the ceiling on the next answer); AI agents
 * count as ready agents for their free places.
 */
export function decide(
  campaign: ActiveCampaign,
  figures: CampaignFigures,
  now: Date,
): { decision: PacingDecision; letGo: string[] } {
  const { snapshot, settings } = pacingInputs(campaign, figures, now);
  const decision = linesToDial(snapshot, settings);
  return { decision, letGo: releases(snapshot, settings, figures, decision) };
}

/**
 * What the dial gate is told of this tick's lines: a line predictive pacing dials ahead of a free
 * agent carries the campaign's 30-day abandonment, which must be under the 3% ceiling (pacing
 * drops to progressive before it; the gate holds the line whatever pacing decided). Lines dialled
 * one per ready agent (progressive, or predictive near the ceiling) abandon nobody.
 */
export function gateLine(decision: PacingDecision, figures: CampaignFigures): GateLine {
  const ahead =
    decision.mode === "predictive" && (decision.reason === "predictive" || decision.reason === "max_lines");
  return { predictiveLine: ahead ? { abandonRate: rateOf(figures.rolling30Days) } : null };
}

/**
 * The dial keys of the lines predictive lets go at this tick (linesToRelease: rung 15 s or more
 * and likely to find no agent), at the level `decision` set. None in any other mode, nor when
 * the decision fell back to progressive.
 */
function releases(
  snapshot: PacingSnapshot,
  settings: PacingSettings,
  figures: CampaignFigures,
  decision: PacingDecision,
): string[] {
  if (decision.mode !== "predictive" || decision.reason === "near_ceiling") return [];
  if (settings.mode !== "predictive" || figures.ringingDialKeys.length !== snapshot.linesRinging) return [];
  return linesToRelease(snapshot, settings, decision.level).map((line) => figures.ringingDialKeys[line]!);
}

function pacingInputs(
  campaign: ActiveCampaign,
  figures: CampaignFigures,
  now: Date,
): { snapshot: PacingSnapshot; settings: PacingSettings } {
  const target = campaign.abandonTargetPercent / 100;
  const worst = Math.max(rateOf(figures.rolling30Days), rateOf(figures.campaignSoFar));
  const stillDropped = Boolean(campaign.pacing?.droppedToProgressive) && worst > target;
  const mode: DialingMode = (DIALING_MODES as readonly string[]).includes(campaign.dialingMode)
    ? (campaign.dialingMode as DialingMode)
    : "progressive";
  const aiPlaces = campaign.aiAgents.reduce((sum, agent) => sum + agent.concurrentCalls, 0);
  const aiFree = Math.max(0, aiPlaces - figures.aiCalls);
  const previous = campaign.pacing?.updatedAt ? new Date(campaign.pacing.updatedAt) : null;
  return {
    snapshot: {
      readyAgents: figures.availableAgents + aiFree,
      agentsOnCall: figures.agentsOnCall + figures.aiCalls,
      linesRinging: figures.linesRinging,
      ringingSeconds: figures.ringingSeconds,
      callsWaiting: figures.callsWaiting,
      // Reps' calls only: AI agents' calls are not counted on to end soon.
      onCallSeconds: figures.onCallSeconds,
      handleTimes: figures.handleTimes ?? undefined,
      level: campaign.pacing?.level ?? null,
      secondsSinceLastDecision: previous ? Math.max(0, (now.getTime() - previous.getTime()) / 1000) : 0,
      sincePrevious: figures.sincePrevious,
      rolling30Days: figures.rolling30Days,
      campaignSoFar: figures.campaignSoFar,
    },
    settings: {
      mode: stillDropped && mode === "predictive" ? "progressive" : mode,
      dialRatio: campaign.dialRatio,
      maxLines: campaign.maxLines,
      targetAbandonRate: target,
    },
  };
}

function pacingState(campaign: ActiveCampaign, decision: PacingDecision, now: Date): CampaignPacingState {
  const dropped =
    decision.modeChange !== null ||
    (Boolean(campaign.pacing?.droppedToProgressive) &&
      decision.mode === "progressive" &&
      campaign.dialingMode === "predictive");
  return { level: decision.level, droppedToProgressive: dropped, updatedAt: now.toISOString() };
}

/**
 * Handle times move slowly (the last 100 calls a campaign's reps finished), and reading them is
 * most of the tick's first statement (100 rows a campaign): each campaign's are read again when
 * this process's copy is about HANDLE_TIMES_TTL_MS old (on the process's clock, not the
 * dialer's), each at its own moment (half to one and a half times it), so the reads spread over
 * the ticks instead of coming all in one.
 */
const HANDLE_TIMES_TTL_MS = 10_000;

function knownHandleTimes(ctx: RuntimeContext): string[] {
  const now = performance.now();
  const known: string[] = [];
  for (const [campaignId, { staleAt }] of ctx.handleTimes) {
    if (staleAt > now) known.push(campaignId);
    // Campaigns not ticked for a while (paused, ended) are forgotten.
    else if (staleAt < now - 5 * HANDLE_TIMES_TTL_MS) ctx.handleTimes.delete(campaignId);
  }
  return known;
}

/** Keeps the handle times read this tick and fills in those not read from the copy. */
function rememberHandleTimes(
  ctx: RuntimeContext,
  ticking: { campaign: ActiveCampaign; figures: CampaignFigures }[],
) {
  const now = performance.now();
  for (const { campaign, figures } of ticking) {
    if (figures.handleTimes) {
      const staleAt = now + HANDLE_TIMES_TTL_MS * (0.5 + Math.random());
      ctx.handleTimes.set(campaign.id, { staleAt, value: figures.handleTimes });
    } else figures.handleTimes = ctx.handleTimes.get(campaign.id)?.value ?? null;
  }
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
 * Puts each available rep working any campaign who needs one on a campaign (any-campaign.ts),
 * under the tick's lock: one read when nobody works any campaign, three and a write otherwise.
 */
async function assignAnyReps(repo: RuntimeRepository, now: Date): Promise<void> {
  const reps = await repo.anyRepsToAssign();
  if (reps.length === 0) return;
  const { campaigns, kept } = await repo.campaignsForAnyReps(reps, now);
  const current = new Map(reps.map((rep) => [`${rep.workspaceId}:${rep.userId}`, rep.workingCampaignId]));
  const changed = assignAnyCampaignReps(reps, campaigns, kept).filter(
    (assignment) => current.get(`${assignment.workspaceId}:${assignment.userId}`) !== assignment.campaignId,
  );
  await repo.setWorkingCampaigns(changed);
}

/**
 * One dialer tick, two statements to decide and claim for any number of campaigns:
 * the first starts scheduled campaigns whose time came and reads every active campaign with its
 * free agents (reps available, AI agents' free places), lines in flight and abandonment figures,
 * which go to pacing, which answers lines to dial; the second claims that many due leads per
 * campaign (callbacks due first, then never-tried, then retries past their gap) with FOR UPDATE
 * SKIP LOCKED, each with its attempt and unique dial key, and saves the pacing state. Both run in
 * one transaction under the tick lock, so ticks on several servers pace one after another, each
 * from the lines the one before it claimed (reps working any campaign are put on one just before,
 * under the same lock: assignAnyReps). Then the
 * claimed leads are dialled in batches: each lead goes through the dial-time gate (the batch's
 * lists read just before it) and is placed under its key. Attempts a dead process left behind
 * are taken up.
 */
export async function runTick(ctx: RuntimeContext): Promise<TickReport> {
  const started = performance.now();
  const now = ctx.now();
  let figuresMs = 0;
  // Reps whose wrap-up after a call has run out are available again, before pacing counts them;
  // the call they wrapped up records when its wrap-up ended (the wrap-up's end, not the tick's).
  await ctx.db.execute(sql`
    with ending as (
      select workspace_id, user_id, current_attempt_id, wrap_up_until from dialer_agent_sessions
      where wrap_up_until <= ${now} and status = 'busy' for update
    ), freed as (
      update dialer_agent_sessions s set status = 'available', since = ${now}, wrap_up_until = null,
        current_attempt_id = null, updated_at = ${now}
      from ending e where s.workspace_id = e.workspace_id and s.user_id = e.user_id
    )
    update dial_attempts a set wrap_up_ended_at = e.wrap_up_until
    from ending e where a.id = e.current_attempt_id and a.wrap_up_ended_at is null`);
  const { campaigns, wants, claimed, letGo, lines } = await ctx.db.transaction(async (tx) => {
    // One tick at a time decides and claims, whichever server runs it: two ticks reading the same
    // lines and agents at once would each dial the lines pacing allows, twice as many as it
    // meant. The second waits for the first's claims to commit, then sees them as ringing.
    await advisoryLock(tx, "dialerTick");
    const repo = runtimeRepository(tx);
    // Reps working any campaign are put on one first, so pacing counts each of them once.
    await assignAnyReps(repo, now);
    const ticking = await repo.campaignsToTick(
      ctx.campaignsPerTick,
      now,
      new Date(now.getTime() - THIRTY_DAYS_MS),
      knownHandleTimes(ctx),
    );
    figuresMs = performance.now() - started;
    rememberHandleTimes(ctx, ticking);
    const campaigns = ticking.map((entry) => entry.campaign);
    const decisions = new Map<string, PacingDecision>();
    const lines = new Map<string, GateLine>();
    const letGo: { workspaceId: string; dialKey: string }[] = [];
    for (const { campaign, figures } of ticking) {
      const { decision, letGo: dialKeys } = decide(campaign, figures, now);
      decisions.set(campaign.id, decision);
      lines.set(campaign.id, gateLine(decision, figures));
      for (const dialKey of dialKeys) letGo.push({ workspaceId: campaign.workspaceId, dialKey });
    }
    const wants = campaigns.map((campaign) => ({
      campaignId: campaign.id,
      workspaceId: campaign.workspaceId,
      count: decisions.get(campaign.id)?.lines ?? 0,
      requireConsent: campaign.aiAgents.length > 0,
    }));
    // The claims and the pacing decisions commit together, in one statement.
    const claimed = await repo.claim(
      wants,
      now,
      campaigns.flatMap((campaign) => {
        const decision = decisions.get(campaign.id);
        return decision ? [{ campaignId: campaign.id, pacing: pacingState(campaign, decision, now) }] : [];
      }),
    );
    return { campaigns, wants, claimed, letGo, lines };
  });
  const decideAndClaimMs = performance.now() - started;
  const account = accountsOnce(ctx);
  const released = await releaseLines(ctx, letGo, account);

  const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  const results: Record<DialResult, number> = { dialled: 0, refused: 0, lines_busy: 0, failed: 0, gone: 0 };
  // A batch's gate lists are read right before it is dialled, so no lead waits long on them.
  for (let from = 0; from < claimed.length; from += DIAL_BATCH) {
    const leads = claimed.slice(from, from + DIAL_BATCH);
    const batch = await prepareBatch(ctx, leads, account);
    await eachLimited<ClaimedLead>(leads, ctx.dialConcurrency, async (lead) => {
      const campaign = byId.get(lead.campaignId);
      if (!campaign) return;
      try {
        results[await dialClaimed(ctx, campaign, lead, batch, lines.get(campaign.id))]++;
      } catch (error) {
        // Left queued: the recovery sweep dials it under the same key on a later tick.
        ctx.log.error({ err: error, attemptId: lead.attemptId }, "dialling a claimed lead failed");
      }
    });
    await ctx.repo.linkCalls(batch.placed, ctx.now());
  }

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
    released,
    wanted: wants.reduce((sum, want) => sum + want.count, 0),
    claimed: claimed.length,
    results,
    recovered,
    decideAndClaimMs,
    figuresMs,
  };
}

/**
 * Asks the carrier to hang up the lines pacing let go, if they still ring: one a person has just
 * answered is left alone (the answer's own 2-second rule decides it). Their end comes back as an
 * unanswered call and the attempt ends as no answer, its lead tried again after the gap.
 */
async function releaseLines(
  ctx: RuntimeContext,
  lines: { workspaceId: string; dialKey: string }[],
  account: ReturnType<typeof accountsOnce>,
): Promise<number> {
  let released = 0;
  for (const line of lines) {
    try {
      const owner = await account(line.workspaceId);
      if (owner && (await ctx.telephony.cancelRinging(owner, line.dialKey))) released++;
    } catch (error) {
      ctx.log.warn({ err: error, dialKey: line.dialKey }, "a ringing line could not be let go");
    }
  }
  return released;
}
