import { ENDED_ATTEMPT_STATES, type EndedAttemptState, LIVE_ATTEMPT_STATES } from "../../../common/dialer";
import type { CampaignPacingState } from "../../db/schema";
import { type DialerContext, planLineLimit, startOfDay } from "./context";
import { DISPOSITION_FOR_END, settleLead } from "./lead-outcomes";
import type { AttemptRow, CampaignRow, DialerRepository, LeadRow, Tally } from "./repository";

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** A change of an attempt's state, as the runtime observes it on the line. */
export type AttemptChange =
  | { state: "dialing"; callId?: string | null }
  | { state: "ringing" }
  /** A person or a machine picked up; a person waits for an agent (2 seconds at most). */
  | { state: "answered"; byPerson: boolean }
  | { state: "connected"; agentUserId?: string | null; aiAgentId?: string | null }
  /** The call is over without an agent's disposition: abandoned, machine, busy, no_answer, failed. */
  | { state: Exclude<EndedAttemptState, "completed">; reason?: string | null }
  /** The callee hung up on an agent: the agent still records the disposition. */
  | { state: "completed" };

/**
 * The dialer's narrow interface for the runtime (server/features/dialer/runtime, the jobs
 * queue's dialer tick). Everything it needs from the dialer's tables goes through here:
 * - `dueCampaigns`: campaigns to tick now (a scheduled one whose time came becomes active);
 * - `lineBudget`: lines the campaign may add now: its maxLines and the plan's concurrent-line
 *   limit across the workspace, less the lines in use;
 * - `claimLeads`: due leads claimed with FOR UPDATE SKIP LOCKED, each with a queued attempt
 *   whose dial key "<lead id>:<attempt number>" is unique (a retried tick cannot dial twice);
 *   AI-staffed campaigns claim only leads with AI-voice consent;
 * - `markAttempt`: an attempt's new state (answered by a person or not, connected to an
 *   agent, abandoned, ...); an ended attempt frees its agent and moves its lead on;
 * - `takeFreeAgent`: the longest-waiting available agent of the campaign, made on_call with
 *   the attempt (atomic: two answers never get one agent);
 * - `pacingInputs`: agents by status, attempts in flight and the abandonment tallies (rolling
 *   30 days and the campaign so far, over calls answered by a person) for pacing.ts;
 * - `savePacing`: the level and the 3% drop to progressive, kept for the next tick;
 * - `isCampaignDoNotCall`: the campaign's own list (the workspace's is the contacts area's);
 * - `completeIfDone`: an active campaign with nothing left to dial and no line in use ends.
 */
export function dialPort(ctx: DialerContext) {
  const { repo } = ctx;

  async function freeAgentOf(attempt: AttemptRow, now: Date): Promise<void> {
    if (!attempt.agentUserId) return;
    const session = await repo.session(attempt.workspaceId, attempt.agentUserId);
    if (session?.currentAttemptId !== attempt.id || session.status !== "on_call") return;
    // The agent still owes a disposition when the callee hung up on them: they stay on the
    // call until they end it on the console (agent-console.ts frees them then).
    if (attempt.state === "completed" && !attempt.disposition) return;
    await repo.setSession(
      attempt.workspaceId,
      attempt.agentUserId,
      { status: "available", campaignId: session.campaignId, currentAttemptId: null },
      now,
    );
  }

  /** Ends an attempt without an agent: its disposition recorded, its lead moved on. */
  async function endAttempt(
    tx: DialerRepository,
    attempt: AttemptRow,
    state: Exclude<EndedAttemptState, "completed">,
    reason: string | null,
    now: Date,
  ): Promise<AttemptRow | undefined> {
    const disposition = DISPOSITION_FOR_END[state] ?? null;
    const ended = await tx.updateAttempt(attempt.id, { state, endedAt: now, reason, disposition });
    const settling = disposition
      ? await tx.leadToSettle(attempt.workspaceId, attempt.campaignId, attempt.leadId)
      : undefined;
    if (settling && disposition) await settleLead(tx, settling.campaign, settling.lead, disposition, now);
    return ended;
  }

  return {
    async dueCampaigns(limit = 100): Promise<CampaignRow[]> {
      const now = ctx.now();
      const due = await repo.dueCampaigns(now, limit);
      const ready: CampaignRow[] = [];
      for (const campaign of due) {
        if (campaign.status === "active") ready.push(campaign);
        else {
          const activated = await repo.activateScheduled(campaign.id, now);
          if (activated) ready.push(activated);
        }
      }
      return ready;
    },

    async lineBudget(campaign: Pick<CampaignRow, "id" | "workspaceId" | "maxLines">, planType: string) {
      const lines = await repo.liveLines(campaign.workspaceId, campaign.id);
      const { limit } = planLineLimit(planType);
      const byCampaign = campaign.maxLines - lines.campaign;
      const byPlan = limit === null ? Number.POSITIVE_INFINITY : limit - lines.workspace;
      return { inUse: lines.campaign, free: Math.max(0, Math.min(byCampaign, byPlan)) };
    },

    claimLeads(
      campaign: Pick<CampaignRow, "id" | "workspaceId" | "aiAgents">,
      count: number,
    ): Promise<{ lead: LeadRow; attempt: AttemptRow }[]> {
      const requireConsent = campaign.aiAgents.length > 0;
      return ctx.inTransaction((tx) => tx.claimLeads(campaign, count, ctx.now(), { requireConsent }));
    },

    /** Applies a state change; an ended attempt is settled once (a repeat is ignored). */
    async markAttempt(attemptId: string, change: AttemptChange): Promise<AttemptRow | undefined> {
      const now = ctx.now();
      const result = await ctx.inTransaction(async (tx) => {
        const attempt = await tx.lockAttempt(attemptId);
        if (!attempt) return undefined;
        if ((ENDED_ATTEMPT_STATES as readonly string[]).includes(attempt.state)) return attempt;
        switch (change.state) {
          case "dialing":
            return tx.updateAttempt(attemptId, {
              state: "dialing",
              dialedAt: now,
              callId: change.callId ?? null,
            });
          case "ringing":
            return tx.updateAttempt(attemptId, { state: "ringing", dialedAt: attempt.dialedAt ?? now });
          case "answered":
            if (change.byPerson)
              return tx.updateAttempt(attemptId, {
                state: "answered",
                answeredAt: now,
                answeredByPerson: true,
              });
            // An answering machine ends the attempt: never counted as answered by a person.
            await tx.updateAttempt(attemptId, { answeredAt: now });
            return endAttempt(tx, attempt, "machine", null, now);
          case "connected":
            return tx.updateAttempt(attemptId, {
              state: "connected",
              connectedAt: now,
              agentUserId: change.agentUserId ?? attempt.agentUserId,
              aiAgentId: change.aiAgentId ?? null,
            });
          case "completed":
            return tx.updateAttempt(attemptId, { state: "completed", endedAt: now });
          default:
            return endAttempt(tx, attempt, change.state, change.reason ?? null, now);
        }
      });
      if (result && (ENDED_ATTEMPT_STATES as readonly string[]).includes(result.state))
        await freeAgentOf(result, now);
      return result;
    },

    takeFreeAgent: (campaignId: string, attemptId: string) =>
      repo.takeAgent(campaignId, attemptId, ctx.now()),

    async pacingInputs(campaign: Pick<CampaignRow, "id">, timeZone: string) {
      const now = ctx.now();
      const [agents, inFlight, tallies] = await Promise.all([
        repo.agentCounts(campaign.id),
        repo.attemptsIn(campaign.id, LIVE_ATTEMPT_STATES),
        repo.abandonment(campaign.id, startOfDay(now, timeZone), new Date(now.getTime() - THIRTY_DAYS_MS)),
      ]);
      const count = (state: string) => inFlight.filter((attempt) => attempt.state === state).length;
      const tally = (t: Tally) => ({ abandoned: t.abandoned, humanAnswered: t.answeredByPerson });
      return {
        readyAgents: agents.available,
        agentsOnCall: agents.on_call,
        linesRinging: count("queued") + count("dialing") + count("ringing"),
        callsWaiting: count("answered"),
        rolling30Days: tally(tallies.last30Days),
        campaignSoFar: tally(tallies.campaign),
      };
    },

    savePacing: (campaignId: string, pacing: CampaignPacingState) =>
      repo.setTicked(campaignId, ctx.now(), pacing),

    async isCampaignDoNotCall(campaignId: string, e164: string): Promise<boolean> {
      return (await repo.campaignListedAmong(campaignId, [e164])).has(e164);
    },

    completeIfDone: (campaignId: string) => repo.completeIfDone(campaignId, ctx.now()),
  };
}

export type DialPort = ReturnType<typeof dialPort>;
