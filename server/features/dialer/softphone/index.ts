import twilio from "twilio";
import {
  CALL_NOT_CONNECTED,
  INVALID_PHONE,
  LIVE_ATTEMPT_STATES,
  type MonitorMode,
  NOT_YOUR_CALL,
  type SoftphoneCall,
  type SoftphoneToken,
} from "../../../../common/dialer";
import { roleAtLeast } from "../../../../common/workspaces";
import type { SoftphoneState } from "../../../db/schema";
import type { Account } from "../../../domain/account";
import { Conflict, Invalid, NotAllowed, notFound, OutsideServiceFailed } from "../../../domain/errors";
import type { ConferenceCarrier } from "../../../providers/telephony/twilio-conference";
import { CarrierError } from "../../../providers/telephony/types";
import type { WebhookRequest } from "../../telephony/context";
import type { DialerContext, SoftphoneDeps } from "../context";
import { isAvailable, moveCall, notAvailable } from "../hand-over";
import { softphoneRepository } from "./repository";
import { conferenceName, conferenceTwiml } from "./twiml";

export const NO_TWILIO =
  "The softphone needs a Twilio connection: connect your Twilio account in Settings, Phone service";
const NOT_ON_SOFTPHONE = "This call is not on the softphone: it has no conference to change";
const NO_WARM_TRANSFER = "There is no warm transfer under way on this call";
/** An access token lasts an hour; the console asks for a new one before it runs out. */
const TOKEN_TTL_SECONDS = 3600;

/**
 * The rep's identity on Twilio's Voice SDK: the member and the workspace, so the same person in
 * two workspaces on one Twilio account is two softphones.
 */
export function identityOf(workspaceId: string, userId: string): string {
  return `rep_${userId.replace(/-/g, "")}_${workspaceId.replace(/-/g, "").slice(0, 12)}`;
}

function depsOf(ctx: DialerContext): SoftphoneDeps {
  if (!ctx.softphone) throw new Conflict(NO_TWILIO);
  return ctx.softphone;
}

async function carrierOf(ctx: DialerContext, account: Account) {
  const found = await depsOf(ctx).carrierFor(account);
  if (!found) throw new Conflict(NO_TWILIO);
  return found;
}

/** A carrier's refusal as the console shows it: Twilio's own words, 502 (the app did nothing wrong). */
async function carried<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CarrierError) throw new OutsideServiceFailed(`Twilio refused: ${error.message}`);
    throw error;
  }
}

/**
 * The workspace's API key and TwiML app on its Twilio account: made through Twilio's REST API the
 * first time, and again when the workspace has connected another account since.
 */
async function appOf(ctx: DialerContext, account: Account, carrier: ConferenceCarrier) {
  const deps = depsOf(ctx);
  const repo = softphoneRepository(ctx.db);
  const row = await repo.app(account.id);
  if (row && row.accountSid === carrier.accountSid)
    return { ...row, apiKeySecret: deps.secrets.open(row.apiKeySecretEncrypted) };
  const key = await carried(() => carrier.createApiKey("AI Platform softphone"));
  const app = await carried(() =>
    carrier.createTwimlApp({
      friendlyName: "AI Platform softphone",
      voiceUrl: `${deps.baseUrl}/api/telephony/twilio/softphone/${account.id}`,
    }),
  );
  const saved = {
    workspaceId: account.id,
    accountSid: carrier.accountSid,
    apiKeySid: key.sid,
    apiKeySecretEncrypted: deps.secrets.seal(key.secret),
    twimlAppSid: app.sid,
  };
  await repo.saveApp(saved, ctx.now());
  return { ...saved, apiKeySecret: key.secret };
}

/** POST /api/autodialer/console/softphone/token: a Voice access token for the signed-in rep's browser. */
export async function softphoneToken(ctx: DialerContext, account: Account): Promise<SoftphoneToken> {
  if (!account.actor) throw new NotAllowed("Only a signed-in member has a softphone");
  const { carrier } = await carrierOf(ctx, account);
  const app = await appOf(ctx, account, carrier);
  const identity = identityOf(account.id, account.actor.id);
  const { AccessToken } = twilio.jwt;
  const token = new AccessToken(carrier.accountSid, app.apiKeySid, app.apiKeySecret, {
    identity,
    ttl: TOKEN_TTL_SECONDS,
  });
  token.addGrant(
    new AccessToken.VoiceGrant({ outgoingApplicationSid: app.twimlAppSid, incomingAllow: true }),
  );
  return {
    token: token.toJwt(),
    identity,
    expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS * 1000).toISOString(),
  };
}

/**
 * A person answered a Twilio line and `repUserId` takes it. A rep on the softphone is rung in
 * their browser as a participant of the call's own conference (REST), and the line joins it
 * (TwiML); null for a rep not on the softphone, who is reached as before.
 */
export async function joinRep(
  ctx: DialerContext,
  account: Account,
  input: { attemptId: string; repUserId: string; customerCallSid: string | null },
): Promise<string | null> {
  if (!ctx.softphone) return null;
  const repo = softphoneRepository(ctx.db);
  if (!(await repo.onSoftphone(account.id, input.repUserId))) return null;
  const found = await ctx.softphone.carrierFor(account);
  if (!found) return null;
  const conference = conferenceName(input.attemptId);
  const leg = await found.carrier.addParticipant(conference, {
    from: found.phoneNumber ?? "softphone",
    to: `client:${identityOf(account.id, input.repUserId)}`,
    label: "rep",
  });
  await repo.setState(account.id, input.attemptId, {
    conference,
    conferenceSid: leg.conferenceSid,
    customerCallSid: input.customerCallSid,
    repCallSid: leg.callSid,
    onHold: false,
    transfer: null,
    supervisors: [],
  });
  return conferenceTwiml(conference, { endConferenceOnExit: true, waitUrl: ctx.softphone.holdMusicUrl });
}

const isLive = (state: string) => (LIVE_ATTEMPT_STATES as readonly string[]).includes(state);

/** The workspace's live softphone call; the rep's own unless `supervising` (admins may act on any). */
async function liveCall(ctx: DialerContext, account: Account, attemptId: string, supervising: boolean) {
  const attempt = await ctx.repo.getAttempt(account.id, attemptId);
  if (!attempt) throw notFound("That call");
  const mine = attempt.agentUserId !== null && attempt.agentUserId === account.actor?.id;
  if (!supervising && !mine && !roleAtLeast(account.role, "admin")) throw new NotAllowed(NOT_YOUR_CALL);
  if (!isLive(attempt.state) || attempt.endedAt) throw new Conflict(CALL_NOT_CONNECTED);
  if (!attempt.softphone) throw new Conflict(NOT_ON_SOFTPHONE);
  const found = await carrierOf(ctx, account);
  return { attempt, state: attempt.softphone, ...found };
}

function presentState(attemptId: string, state: SoftphoneState): SoftphoneCall {
  return {
    attemptId,
    conference: state.conference,
    onHold: state.onHold,
    transfer: state.transfer ? { to: state.transfer.to, warm: state.transfer.warm } : null,
    supervisors: state.supervisors.map(({ userId, mode }) => ({ userId, mode })),
  };
}

async function saved(ctx: DialerContext, account: Account, attemptId: string, state: SoftphoneState) {
  await softphoneRepository(ctx.db).setState(account.id, attemptId, state);
  ctx.events?.publish(account.id, { type: "call.updated", callId: attemptId });
  return presentState(attemptId, state);
}

async function holdCustomer(
  ctx: DialerContext,
  carrier: ConferenceCarrier,
  state: SoftphoneState,
  hold: boolean,
) {
  if (!state.customerCallSid) throw new Conflict(NOT_ON_SOFTPHONE);
  await carried(() =>
    carrier.updateParticipant(state.conferenceSid ?? state.conference, state.customerCallSid as string, {
      hold,
      ...(hold ? { holdUrl: depsOf(ctx).holdMusicUrl } : {}),
    }),
  );
}

/** POST .../calls/:attemptId/hold: the customer hears hold music (or comes back). */
export async function holdCall(ctx: DialerContext, account: Account, attemptId: string, hold: boolean) {
  const { state, carrier } = await liveCall(ctx, account, attemptId, false);
  await holdCustomer(ctx, carrier, state, hold);
  return saved(ctx, account, attemptId, { ...state, onHold: hold });
}

/**
 * POST .../calls/:attemptId/transfer: another party (a number, or another rep's softphone) is
 * dialled into the conference. Cold: the rep leaves at once; handed to a rep (who must be
 * available), the call becomes theirs (their console, their disposition) and the first rep goes
 * to wrap-up. Warm: the customer waits on hold while the rep talks with the party, then
 * completes (the rep leaves) or cancels.
 */
export async function transferCall(
  ctx: DialerContext,
  account: Account,
  attemptId: string,
  input: { warm: boolean; phoneNumber?: string | undefined; agentId?: string | undefined },
) {
  const { attempt, state, carrier, phoneNumber } = await liveCall(ctx, account, attemptId, false);
  let to: string;
  let shown: string;
  let handedTo: { userId: string; name: string } | null = null;
  if (input.agentId) {
    const member = (await ctx.members(account)).find((m) => m.userId === input.agentId);
    if (!member) throw notFound("That agent");
    if (member.userId === account.actor?.id) throw new Invalid("Transfer to someone else than yourself");
    if (!input.warm) {
      if (!(await isAvailable(ctx, account, member.userId))) throw notAvailable(member.name);
      handedTo = member;
    }
    to = `client:${identityOf(account.id, member.userId)}`;
    shown = member.name;
  } else {
    const e164 = ctx.contacts.normalize(account, input.phoneNumber ?? "").e164;
    if (!e164) throw new Invalid(INVALID_PHONE, [{ path: "phoneNumber", message: INVALID_PHONE }]);
    to = e164;
    shown = e164;
  }
  if (state.transfer) throw new Conflict("A transfer is already under way on this call");
  if (input.warm && !state.onHold) await holdCustomer(ctx, carrier, state, true);
  const leg = await carried(() =>
    carrier.addParticipant(state.conferenceSid ?? state.conference, {
      from: phoneNumber ?? "softphone",
      to,
      label: "transfer",
    }),
  );
  const next: SoftphoneState = {
    ...state,
    conferenceSid: state.conferenceSid ?? leg.conferenceSid,
    onHold: input.warm ? true : state.onHold,
    transfer: { to: shown, callSid: leg.callSid, warm: input.warm },
  };
  if (!input.warm && state.repCallSid) {
    await carried(() => carrier.hangUp(state.repCallSid as string));
    next.repCallSid = null;
  }
  if (handedTo) {
    // The receiving rep's leg is the rep's leg now (a supervisor's whisper coaches them).
    const shownState = await saved(ctx, account, attemptId, {
      ...next,
      repCallSid: leg.callSid,
      transfer: null,
    });
    await moveCall(ctx, account, attempt, handedTo);
    return shownState;
  }
  return saved(ctx, account, attemptId, next);
}

/** POST .../transfer/complete: a warm transfer is handed over; the customer comes off hold, the rep leaves. */
export async function completeTransfer(ctx: DialerContext, account: Account, attemptId: string) {
  const { state, carrier } = await liveCall(ctx, account, attemptId, false);
  if (!state.transfer?.warm) throw new Conflict(NO_WARM_TRANSFER);
  await holdCustomer(ctx, carrier, state, false);
  if (state.repCallSid) await carried(() => carrier.hangUp(state.repCallSid as string));
  return saved(ctx, account, attemptId, {
    ...state,
    onHold: false,
    repCallSid: null,
    transfer: { ...state.transfer, warm: false },
  });
}

/** DELETE .../transfer: a warm transfer called off; the party is hung up, the customer comes back. */
export async function cancelTransfer(ctx: DialerContext, account: Account, attemptId: string) {
  const { state, carrier } = await liveCall(ctx, account, attemptId, false);
  if (!state.transfer?.warm) throw new Conflict(NO_WARM_TRANSFER);
  await carried(() => carrier.hangUp(state.transfer?.callSid as string));
  await holdCustomer(ctx, carrier, state, false);
  return saved(ctx, account, attemptId, { ...state, onHold: false, transfer: null });
}

/** What a supervisor's leg is in each mode: muted (listen), coaching the rep (whisper), or in full (barge). */
function legFor(mode: MonitorMode, repCallSid: string | null) {
  if (mode === "whisper") {
    if (!repCallSid) throw new Conflict("The rep has left this call: there is nobody to whisper to");
    return { muted: false, coaching: true, callSidToCoach: repCallSid };
  }
  return mode === "listen" ? { muted: true, coaching: false } : { muted: false, coaching: false };
}

/**
 * POST /api/autodialer/supervisor/calls/:attemptId/monitor (admins and the owner): the supervisor's
 * softphone joins the call's conference muted (listen), coaching the rep (whisper) or barging in;
 * already on it, their leg changes mode.
 */
export async function monitorCall(
  ctx: DialerContext,
  account: Account,
  attemptId: string,
  mode: MonitorMode,
) {
  const userId = account.actor?.id;
  if (!userId) throw new NotAllowed("Only a signed-in member can listen in");
  const { state, carrier, phoneNumber } = await liveCall(ctx, account, attemptId, true);
  const leg = legFor(mode, state.repCallSid);
  const present = state.supervisors.find((entry) => entry.userId === userId);
  let supervisors = state.supervisors;
  if (present) {
    await carried(() =>
      carrier.updateParticipant(state.conferenceSid ?? state.conference, present.callSid, leg),
    );
    supervisors = supervisors.map((entry) => (entry.userId === userId ? { ...entry, mode } : entry));
  } else {
    const joined = await carried(() =>
      carrier.addParticipant(state.conferenceSid ?? state.conference, {
        from: phoneNumber ?? "softphone",
        to: `client:${identityOf(account.id, userId)}`,
        label: `supervisor-${mode}`,
        muted: leg.muted,
        ...(leg.coaching ? { coaching: true, callSidToCoach: leg.callSidToCoach } : {}),
      }),
    );
    supervisors = [...supervisors, { userId, callSid: joined.callSid, mode }];
  }
  return saved(ctx, account, attemptId, { ...state, supervisors });
}

/** DELETE .../monitor: the supervisor leaves the call. */
export async function stopMonitoring(ctx: DialerContext, account: Account, attemptId: string) {
  const userId = account.actor?.id;
  const { state, carrier } = await liveCall(ctx, account, attemptId, true);
  const present = state.supervisors.find((entry) => entry.userId === userId);
  if (present) await carried(() => carrier.hangUp(present.callSid));
  return saved(ctx, account, attemptId, {
    ...state,
    supervisors: state.supervisors.filter((entry) => entry.userId !== userId),
  });
}

/**
 * The TwiML app's voice URL, asked when a softphone dials out. The softphone only takes the
 * dialer's calls (supervisors join through the REST API, where their role is checked), so an
 * outgoing call is told so and ended.
 */
export async function softphoneVoice(
  ctx: DialerContext,
  request: WebhookRequest,
  workspaceId: string,
): Promise<string> {
  await depsOf(ctx).proveWebhook(request, workspaceId);
  const response = new twilio.twiml.VoiceResponse();
  response.say("This softphone takes the dialer's calls. It cannot place calls of its own.");
  response.hangup();
  return response.toString();
}
