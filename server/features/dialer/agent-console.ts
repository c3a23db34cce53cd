import { ON_DO_NOT_CALL } from "../../../common/contacts";
import {
  AGENT_DISPOSITION_CODES,
  type AgentConsole,
  CALL_NOT_CONNECTED,
  CALLBACK_IN_PAST,
  type CurrentCall,
  DISPOSITIONS,
  type DialerAgent,
  type DispositionCode,
  type Lead,
  LIVE_ATTEMPT_STATES,
  NOT_YOUR_CALL,
  type SettableAgentStatus,
} from "../../../common/dialer";
import { roleAtLeast } from "../../../common/workspaces";
import type { Account } from "../../http/account";
import { conflict, forbidden, HttpError, notFound } from "../../http/errors";
import { type DialerContext, planLineLimit, startOfDay } from "./context";
import { settleLead } from "./lead-outcomes";
import { presentAgent, presentCallback, presentCurrentCall, presentLead } from "./presenter";
import type { AttemptRow, CallbackRow, DialerRepository, LeadRow } from "./repository";

const FINISH_CALL_FIRST = "Finish your call first: end it with a disposition";
const LEAD_NOT_READY = "That lead is not ready to dial: another agent took it, or it is not due yet";
const LEAD_CLOSED = "That lead is not dialled any more (completed, do not call or out of attempts)";
const CAMPAIGN_DONE = "That campaign is completed";
const CALLBACKS_SHOWN = 20;

/** The person acting: the console is always someone's own. */
function actorOf(account: Account): string {
  if (!account.actor) throw forbidden("Only a signed-in member has an agent console");
  return account.actor.id;
}

const isLive = (state: string) => (LIVE_ATTEMPT_STATES as readonly string[]).includes(state);

/** Members' display names, for callbacks kept for one agent. */
async function namesOf(ctx: DialerContext, account: Account): Promise<Map<string, string>> {
  return new Map((await ctx.members(account)).map((member) => [member.userId, member.name]));
}

async function leadWithCallback(
  repo: DialerRepository,
  lead: LeadRow,
  names: Map<string, string>,
): Promise<Lead> {
  const [callback] = await repo.pendingCallbacksFor([lead.id]);
  return presentLead(
    lead,
    callback ? presentCallback(callback, names.get(callback.agentUserId ?? "") ?? null) : null,
  );
}

/** GET /api/autodialer/agents: every member, their dialer status and today's calls. */
export async function listAgents(ctx: DialerContext, account: Account): Promise<DialerAgent[]> {
  const since = startOfDay(ctx.now(), account.timezone);
  const [members, sessions, today, live] = await Promise.all([
    ctx.members(account),
    ctx.repo.sessions(account.id),
    ctx.repo.callsTodayByAgent(account.id, since),
    ctx.repo.liveCallsByAgent(account.id),
  ]);
  const byUser = new Map(sessions.map((session) => [session.userId, session]));
  return [...members]
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime())
    .map((member, index) =>
      presentAgent(member, index, byUser.get(member.userId), {
        currentCalls: live.get(member.userId) ?? 0,
        totalCallsToday: today.get(member.userId) ?? 0,
      }),
    );
}

async function currentCallOf(
  ctx: DialerContext,
  account: Account,
  attempt: AttemptRow,
  names: Map<string, string>,
): Promise<CurrentCall | null> {
  const [lead] = await ctx.repo.leadsByIds([attempt.leadId]);
  const campaign = await ctx.repo.getCampaign(account.id, attempt.campaignId);
  if (!lead || !campaign) return null;
  return presentCurrentCall(attempt, campaign.name, await leadWithCallback(ctx.repo, lead, names));
}

/** GET /api/autodialer/console: the agent, their call, a preview lead, their callbacks. */
export async function agentConsole(ctx: DialerContext, account: Account): Promise<AgentConsole> {
  const userId = actorOf(account);
  const [agents, session, open, names] = await Promise.all([
    listAgents(ctx, account),
    ctx.repo.session(account.id, userId),
    ctx.repo.openAttemptFor(account.id, userId),
    namesOf(ctx, account),
  ]);
  const agent = agents.find((candidate) => candidate.id === userId);
  if (!agent) throw notFound("That agent");
  const currentCall = open ? await currentCallOf(ctx, account, open, names) : null;
  let previewLead: Lead | null = null;
  if (!currentCall && session?.campaignId && session.status === "available") {
    const campaign = await ctx.repo.getCampaign(account.id, session.campaignId);
    if (campaign && campaign.dialingMode === "preview" && campaign.status === "active") {
      const lead = await ctx.repo.peekLead(campaign.id, userId, ctx.now());
      if (lead) previewLead = await leadWithCallback(ctx.repo, lead, names);
    }
  }
  const pending = await ctx.repo.callbacksForAgent(account.id, userId, CALLBACKS_SHOWN);
  return {
    agent,
    currentCall,
    previewLead,
    callbacks: await callbackEntries(ctx, account, pending, names),
    dispositions: AGENT_DISPOSITION_CODES.map((code) => ({ code, ...flagsOf(code) })),
  };
}

function flagsOf(code: DispositionCode) {
  const { label, humanAnswered, sale, doNotCall, callback, final } = DISPOSITIONS[code];
  return { label, humanAnswered, sale, doNotCall, callback, final };
}

async function callbackEntries(
  ctx: DialerContext,
  account: Account,
  pending: CallbackRow[],
  names: Map<string, string>,
) {
  const leads = new Map((await ctx.repo.leadsByIds(pending.map((c) => c.leadId))).map((l) => [l.id, l]));
  const campaigns = new Map((await ctx.repo.listCampaigns(account.id)).map((c) => [c.id, c.name]));
  return pending.flatMap((callback) => {
    const lead = leads.get(callback.leadId);
    if (!lead) return [];
    const shown = presentCallback(callback, names.get(callback.agentUserId ?? "") ?? null);
    return [
      { callback: shown, lead: presentLead(lead, shown), campaignName: campaigns.get(lead.campaignId) ?? "" },
    ];
  });
}

/**
 * PUT /api/autodialer/console/status: the agent's own status and campaign. on_call is the
 * dialer's to set; an agent on a live call cannot step away from it.
 */
export async function setAgentStatus(
  ctx: DialerContext,
  account: Account,
  input: { status: SettableAgentStatus; campaignId?: string | null | undefined },
): Promise<AgentConsole> {
  const userId = actorOf(account);
  const open = await ctx.repo.openAttemptFor(account.id, userId);
  if (open && isLive(open.state)) throw conflict(FINISH_CALL_FIRST);
  const session = await ctx.repo.session(account.id, userId);
  const campaignId = input.campaignId === undefined ? (session?.campaignId ?? null) : input.campaignId;
  if (campaignId && !(await ctx.repo.getCampaign(account.id, campaignId))) throw notFound("That campaign");
  await ctx.repo.setSession(
    account.id,
    userId,
    { status: input.status, campaignId, currentAttemptId: null },
    ctx.now(),
  );
  return agentConsole(ctx, account);
}

/**
 * POST /api/autodialer/console/calls/:attemptId/end: the call's disposition and notes (and a
 * callback when the disposition asks for one). Only the agent on the call may end it; an admin
 * may close anyone's. The agent is available again afterwards.
 */
export async function endCall(
  ctx: DialerContext,
  account: Account,
  attemptId: string,
  input: {
    disposition: DispositionCode;
    notes?: string | null | undefined;
    callback?: { at: string; agentOnly: boolean } | undefined;
  },
): Promise<AgentConsole> {
  const userId = actorOf(account);
  const now = ctx.now();
  const callbackAt = input.callback ? new Date(input.callback.at) : null;
  if (callbackAt && callbackAt <= now)
    throw new HttpError(400, CALLBACK_IN_PAST, [{ path: "callback.at", message: CALLBACK_IN_PAST }]);
  const ended = await ctx.inTransaction(async (repo) => {
    const current = await repo.getAttempt(account.id, attemptId);
    if (!current) throw notFound("That call");
    const attempt = await repo.lockAttempt(current.id);
    if (!attempt) throw notFound("That call");
    if (attempt.agentUserId !== userId && !roleAtLeast(account.role, "admin")) throw forbidden(NOT_YOUR_CALL);
    if (attempt.disposition) throw conflict(CALL_NOT_CONNECTED);
    const [lead] = await repo.leadsByIds([attempt.leadId]);
    const campaign = await repo.getCampaign(account.id, attempt.campaignId);
    if (!lead || !campaign) throw notFound("That call");
    await repo.updateAttempt(attempt.id, {
      state: isLive(attempt.state) ? "completed" : attempt.state,
      endedAt: attempt.endedAt ?? now,
      disposition: input.disposition,
      notes: input.notes?.trim() || null,
      disposedBy: userId,
      disposedAt: now,
    });
    if (input.notes?.trim()) await repo.updateLead(lead.id, { notes: input.notes.trim() });
    if (input.disposition === "callback" && input.callback && callbackAt) {
      await scheduleIn(
        repo,
        account,
        lead,
        { at: callbackAt, agentOnly: input.callback.agentOnly },
        attempt.id,
      );
      await repo.updateLead(lead.id, { disposition: "callback" });
    } else await settleLead(repo, campaign, lead, input.disposition, now);
    if (DISPOSITIONS[input.disposition].doNotCall)
      await repo.addDoNotCall(account.id, campaign.id, {
        phoneE164: lead.phoneE164,
        phoneNumber: lead.phoneNumber,
        createdBy: userId,
      });
    return { agent: attempt.agentUserId, phoneNumber: lead.phoneNumber, callId: attempt.callId };
  });
  // The rep is done with the caller: a line still up is hung up (the carrier, then the call's record).
  if (ended.callId && ctx.hangUp) await ctx.hangUp(account, ended.callId);
  // A person who asks not to be called is on the workspace's list too, for every outbound path.
  if (DISPOSITIONS[input.disposition].doNotCall) await ctx.doNotCall.add(account, ended.phoneNumber);
  if (ended.agent) {
    const session = await ctx.repo.session(account.id, ended.agent);
    if (session?.currentAttemptId === attemptId || session?.status === "on_call")
      await ctx.repo.setSession(
        account.id,
        ended.agent,
        { status: "available", campaignId: session.campaignId, currentAttemptId: null },
        now,
      );
  }
  return agentConsole(ctx, account);
}

/** Stores a callback and puts the lead back in the queue for then (kept for one agent, or anyone's). */
async function scheduleIn(
  repo: DialerRepository,
  account: Account,
  lead: LeadRow,
  callback: { at: Date; agentOnly: boolean },
  attemptId: string | null,
): Promise<void> {
  const userId = account.actor?.id ?? null;
  await repo.scheduleCallback({
    workspaceId: account.id,
    campaignId: lead.campaignId,
    leadId: lead.id,
    attemptId,
    dueAt: callback.at,
    agentOnly: callback.agentOnly,
    agentUserId: callback.agentOnly ? userId : null,
    createdBy: userId,
  });
  await repo.updateLead(lead.id, {
    status: "callback",
    nextAttemptAt: callback.at,
    reservedFor: callback.agentOnly ? userId : null,
  });
}

/** POST /api/autodialer/leads/:leadId/callback: schedule (or move) a lead's callback. */
export async function scheduleCallback(
  ctx: DialerContext,
  account: Account,
  leadId: string,
  input: { at: string; agentOnly: boolean },
): Promise<Lead> {
  actorOf(account);
  const at = new Date(input.at);
  if (at <= ctx.now())
    throw new HttpError(400, CALLBACK_IN_PAST, [{ path: "at", message: CALLBACK_IN_PAST }]);
  const lead = await ctx.inTransaction(async (repo) => {
    const row = await repo.lockLead(account.id, leadId);
    if (!row) throw notFound("That lead");
    if (row.status === "do_not_call") throw conflict(ON_DO_NOT_CALL);
    if (row.status === "dialing")
      throw conflict("That lead is being dialled now: schedule the callback when the call ends");
    await scheduleIn(repo, account, row, { at, agentOnly: input.agentOnly }, null);
    return repo.getLead(account.id, leadId);
  });
  if (!lead) throw notFound("That lead");
  return leadWithCallback(ctx.repo, lead, await namesOf(ctx, account));
}

/**
 * POST /api/autodialer/leads/:leadId/dial: preview and manual modes, the agent dials a lead.
 * The lead is claimed as the runtime claims (FOR UPDATE SKIP LOCKED, a queued attempt with its
 * unique dial key) with the agent on it; the runtime places the call. The plan's concurrent
 * lines apply (402), and numbers on a do-not-call list are refused.
 */
export async function dialLead(ctx: DialerContext, account: Account, leadId: string): Promise<CurrentCall> {
  const userId = actorOf(account);
  const lead = await ctx.repo.getLead(account.id, leadId);
  if (!lead) throw notFound("That lead");
  const campaign = await ctx.repo.getCampaign(account.id, lead.campaignId);
  if (!campaign) throw notFound("That lead");
  if (campaign.status === "completed") throw conflict(CAMPAIGN_DONE);
  if (lead.status === "do_not_call") throw conflict(ON_DO_NOT_CALL);
  if (!["new", "retry", "callback"].includes(lead.status)) throw conflict(LEAD_CLOSED);
  const open = await ctx.repo.openAttemptFor(account.id, userId);
  if (open) throw conflict(FINISH_CALL_FIRST);
  const listed =
    (await ctx.doNotCall.listedAmong(account.id, [lead.phoneE164])).has(lead.phoneE164) ||
    (await ctx.repo.campaignListedAmong(campaign.id, [lead.phoneE164])).has(lead.phoneE164);
  if (listed) {
    await ctx.repo.updateLead(lead.id, { status: "do_not_call" });
    throw conflict(ON_DO_NOT_CALL);
  }
  const { planName, limit } = planLineLimit(account.planType);
  if (limit !== null) {
    const lines = await ctx.repo.liveLines(account.id, campaign.id);
    if (lines.workspace >= limit)
      throw new HttpError(
        402,
        `The ${planName} plan dials at most ${limit} lines at the same time. Wait for a line or upgrade your plan.`,
      );
  }
  const now = ctx.now();
  const [claimed] = await ctx.inTransaction((repo) =>
    repo.claimLeads(campaign, 1, now, { agentUserId: userId, leadId: lead.id }),
  );
  if (!claimed) throw conflict(LEAD_NOT_READY);
  await ctx.repo.setSession(
    account.id,
    userId,
    { status: "on_call", campaignId: campaign.id, currentAttemptId: claimed.attempt.id },
    now,
  );
  const names = await namesOf(ctx, account);
  return presentCurrentCall(
    claimed.attempt,
    campaign.name,
    await leadWithCallback(ctx.repo, claimed.lead, names),
  );
}
