import { ON_DO_NOT_CALL } from "../../../common/contacts";
import {
  type AgentConsole,
  CALL_NOT_CONNECTED,
  CALLBACK_IN_PAST,
  type CurrentCall,
  DEFAULT_WRAP_UP_SECONDS,
  DISPOSITIONS,
  type DialerAgent,
  type DispositionCode,
  type Lead,
  LIVE_ATTEMPT_STATES,
  NOT_YOUR_CALL,
  type SettableAgentStatus,
} from "../../../common/dialer";
import { roleAtLeast } from "../../../common/workspaces";
import type { Account } from "../../domain/account";
import { Conflict, Invalid, LimitReached, NotAllowed, notFound } from "../../domain/errors";
import { DialRefused } from "../telephony/outbound-gate";
import { type DialerContext, planLineLimit, startOfDay } from "./context";
import { settleLead } from "./lead-outcomes";
import { dispositionsOf, presentAgent, presentCallback, presentCurrentCall, presentLead } from "./presenter";
import type { AttemptRow, CallbackRow, DialerRepository, LeadRow } from "./repository";
import { isAiVoiced } from "./runtime/gate";

const FINISH_CALL_FIRST = "Finish your call first: end it with a disposition";
const LEAD_NOT_READY = "That lead is not ready to dial: another agent took it, or it is not due yet";
const LEAD_CLOSED = "That lead is not dialled any more (completed, do not call or out of attempts)";
const CAMPAIGN_DONE = "That campaign is completed";
const CALLBACKS_SHOWN = 20;

/** The person acting: the console is always someone's own. */
function actorOf(account: Account): string {
  if (!account.actor) throw new NotAllowed("Only a signed-in member has an agent console");
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
  // The campaign of the call (else the one worked) sets the dispositions, script and wrap-up.
  const campaignId =
    currentCall?.campaignId ?? previewLead?.campaignId ?? session?.campaignId ?? session?.workingCampaignId;
  const campaign = campaignId ? await ctx.repo.getCampaign(account.id, campaignId) : undefined;
  const [script, words, twilio] = await Promise.all([
    campaign?.scriptId && ctx.scripts ? ctx.scripts.find(account, campaign.scriptId) : null,
    currentCall?.callId && ctx.callWords ? ctx.callWords.read(account, currentCall.callId) : null,
    ctx.softphone ? ctx.softphone.carrierFor(account).catch(() => null) : null,
  ]);
  return {
    agent,
    currentCall,
    previewLead,
    callbacks: await callbackEntries(ctx, account, pending, names),
    dispositions: dispositionsOf(campaign ?? { dispositions: null }).map(({ code, label }) => ({
      code,
      ...flagsOf(code),
      label,
    })),
    script: script
      ? {
          id: script.id,
          name: script.name,
          steps: [script.openingMessage, ...script.conversationFlow].filter((step) => step.trim()),
        }
      : null,
    transcript: words?.lines ?? [],
    wrapUpSeconds: campaign?.wrapUpSeconds ?? DEFAULT_WRAP_UP_SECONDS,
    phone: twilio ? "softphone" : "simulator",
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
  input: {
    status: SettableAgentStatus;
    campaignId?: string | null | undefined;
    softphone?: boolean | undefined;
  },
): Promise<AgentConsole> {
  const userId = actorOf(account);
  const open = await ctx.repo.openAttemptFor(account.id, userId);
  if (open && isLive(open.state)) throw new Conflict(FINISH_CALL_FIRST);
  const session = await ctx.repo.session(account.id, userId);
  const campaignId = input.campaignId === undefined ? (session?.campaignId ?? null) : input.campaignId;
  if (campaignId && !(await ctx.repo.getCampaign(account.id, campaignId))) throw notFound("That campaign");
  // A rep working any campaign is put on one by the next tick, in the fair order. A status set
  // by hand ends the wrap-up (Ready), and the call's wrap-up is recorded as ended now.
  await finishWrapUp(ctx, session);
  await ctx.repo.setSession(
    account.id,
    userId,
    {
      status: input.status,
      campaignId,
      workingCampaignId: null,
      currentAttemptId: null,
      wrapUpUntil: null,
      ...(input.softphone === undefined ? {} : { softphone: input.softphone }),
    },
    ctx.now(),
  );
  return agentConsole(ctx, account);
}

/**
 * A rep still wrapping up a call (busy, their session holding the attempt) is done with it now:
 * the attempt records when, or when the campaign's wrap-up time ran out if that came first.
 */
async function finishWrapUp(
  ctx: DialerContext,
  session: { status: string; wrapUpUntil: Date | null; currentAttemptId: string | null } | undefined,
): Promise<void> {
  if (!session?.wrapUpUntil || !session.currentAttemptId || session.status !== "busy") return;
  const now = ctx.now();
  await ctx.repo.endWrapUp(
    session.currentAttemptId,
    new Date(Math.min(session.wrapUpUntil.getTime(), now.getTime())),
  );
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
    throw new Invalid(CALLBACK_IN_PAST, [{ path: "callback.at", message: CALLBACK_IN_PAST }]);
  const ended = await ctx.inTransaction(async (repo) => {
    const current = await repo.getAttempt(account.id, attemptId);
    if (!current) throw notFound("That call");
    const attempt = await repo.lockAttempt(current.id);
    if (!attempt) throw notFound("That call");
    if (attempt.agentUserId !== userId && !roleAtLeast(account.role, "admin"))
      throw new NotAllowed(NOT_YOUR_CALL);
    if (attempt.disposition) throw new Conflict(CALL_NOT_CONNECTED);
    const [lead] = await repo.leadsByIds([attempt.leadId]);
    const campaign = await repo.getCampaign(account.id, attempt.campaignId);
    if (!lead || !campaign) throw notFound("That call");
    if (!dispositionsOf(campaign).some((offered) => offered.code === input.disposition)) {
      const message = "That disposition is not offered on this campaign";
      throw new Invalid(message, [{ path: "disposition", message }]);
    }
    await repo.updateAttempt(attempt.id, {
      state: isLive(attempt.state) ? "completed" : attempt.state,
      endedAt: attempt.endedAt ?? now,
      disposition: input.disposition,
      notes: input.notes?.trim() || null,
      disposedBy: userId,
      disposedAt: now,
      // A campaign without wrap-up: the rep is done with the call at the disposition.
      wrapUpEndedAt: campaign.wrapUpSeconds > 0 ? null : now,
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
    return {
      agent: attempt.agentUserId,
      phoneNumber: lead.phoneNumber,
      callId: attempt.callId,
      wrapUpSeconds: campaign.wrapUpSeconds,
    };
  });
  // The rep is done with the caller: a line still up is hung up (the carrier, then the call's record).
  if (ended.callId && ctx.hangUp) await ctx.hangUp(account, ended.callId);
  // A person who asks not to be called is on the workspace's list too, for every outbound path.
  if (DISPOSITIONS[input.disposition].doNotCall) await ctx.doNotCall.add(account, ended.phoneNumber);
  // The rep wraps up (busy) for the campaign's time before the dialer offers the next call;
  // the tick makes them available when it ends, Ready sooner. The session keeps the attempt
  // meanwhile, so the wrap-up's end is recorded on it.
  const wrapUp = ended.wrapUpSeconds > 0;
  const session = ended.agent ? await ctx.repo.session(account.id, ended.agent) : undefined;
  if (ended.agent && session && (session.currentAttemptId === attemptId || session.status === "on_call"))
    await ctx.repo.setSession(
      account.id,
      ended.agent,
      {
        status: wrapUp ? "busy" : "available",
        campaignId: session.campaignId,
        currentAttemptId: wrapUp ? attemptId : null,
        wrapUpUntil: wrapUp ? new Date(now.getTime() + ended.wrapUpSeconds * 1000) : null,
      },
      now,
    );
  // Nobody wraps this call up (no rep, or theirs had moved on): it was done with at the disposition.
  else if (wrapUp) await ctx.repo.endWrapUp(attemptId, now);
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
  if (at <= ctx.now()) throw new Invalid(CALLBACK_IN_PAST, [{ path: "at", message: CALLBACK_IN_PAST }]);
  const lead = await ctx.inTransaction(async (repo) => {
    const row = await repo.lockLead(account.id, leadId);
    if (!row) throw notFound("That lead");
    if (row.status === "do_not_call") throw new Conflict(ON_DO_NOT_CALL);
    if (row.status === "dialing")
      throw new Conflict("That lead is being dialled now: schedule the callback when the call ends");
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
 * lines apply (402), and the dial gate's refusals (do-not-call 409, outside the callee's calling
 * hours 409, no AI-voice consent 403) answer before anything is queued.
 */
export async function dialLead(ctx: DialerContext, account: Account, leadId: string): Promise<CurrentCall> {
  const userId = actorOf(account);
  const lead = await ctx.repo.getLead(account.id, leadId);
  if (!lead) throw notFound("That lead");
  const campaign = await ctx.repo.getCampaign(account.id, lead.campaignId);
  if (!campaign) throw notFound("That lead");
  if (campaign.status === "completed") throw new Conflict(CAMPAIGN_DONE);
  if (lead.status === "do_not_call") throw new Conflict(ON_DO_NOT_CALL);
  if (!["new", "retry", "callback"].includes(lead.status)) throw new Conflict(LEAD_CLOSED);
  const open = await ctx.repo.openAttemptFor(account.id, userId);
  if (open) throw new Conflict(FINISH_CALL_FIRST);
  // The dial gate, before anything is queued: do-not-call (a listed lead is never offered again),
  // calling hours in every zone known for the lead, AI-voice consent where AI agents staff the
  // campaign. The runtime asks it again when it places the call.
  const onOwnList = (await ctx.repo.campaignListedAmong(campaign.id, [lead.phoneE164])).has(lead.phoneE164);
  try {
    await ctx.dialGate.check(account, lead.phoneE164, {
      timeZones: [lead.timeZone],
      postalCodes: [lead.zipCode],
      campaign: { onOwnList, hours: { start: campaign.callingHoursStart, end: campaign.callingHoursEnd } },
      aiVoice: isAiVoiced(campaign),
      aiVoiceConsent: lead.aiVoiceConsent,
    });
  } catch (error) {
    if (error instanceof DialRefused && error.refusal.permanent)
      await ctx.repo.updateLead(lead.id, { status: "do_not_call" });
    throw error;
  }
  const { planName, limit } = planLineLimit(account.planType);
  if (limit !== null) {
    const lines = await ctx.repo.liveLines(account.id, campaign.id);
    if (lines.workspace >= limit)
      throw new LimitReached(
        `The ${planName} plan dials at most ${limit} lines at the same time. Wait for a line or upgrade your plan.`,
      );
  }
  const now = ctx.now();
  const [claimed] = await ctx.inTransaction((repo) =>
    repo.claimLeads(campaign, 1, now, { agentUserId: userId, leadId: lead.id }),
  );
  if (!claimed) throw new Conflict(LEAD_NOT_READY);
  // A rep working any campaign still does after dialling one of them by hand; one dialling
  // during a wrap-up has ended it.
  const session = await ctx.repo.session(account.id, userId);
  await finishWrapUp(ctx, session);
  await ctx.repo.setSession(
    account.id,
    userId,
    {
      status: "on_call",
      campaignId: session && session.campaignId === null ? null : campaign.id,
      workingCampaignId: campaign.id,
      currentAttemptId: claimed.attempt.id,
      wrapUpUntil: null,
    },
    now,
  );
  const names = await namesOf(ctx, account);
  return presentCurrentCall(
    claimed.attempt,
    campaign.name,
    await leadWithCallback(ctx.repo, claimed.lead, names),
  );
}
