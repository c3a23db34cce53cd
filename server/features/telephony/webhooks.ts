import { NotAllowed } from "../../domain/errors";
import { answerInbound } from "./commands/answer-inbound";
import type { CallContext, TelephonyContext, WebhookRequest } from "./context";
import { toE164OrNull } from "./phone-numbers";
import { answerKnownCall, silentTurn, speakTurn } from "./turns";
import { empty, SAYINGS, sayAndHangUp, waitForTurn } from "./twiml";

/** How long a "wait" request looks for the finished turn before asking the carrier to come back. */
const WAIT_WINDOW_MS = 300;
const MAX_WAITS = 15;

/** Carrier statuses that end a call, with what History says about the unanswered ones. */
const CARRIER_ENDINGS: Record<string, { status: string; line?: string }> = {
  completed: { status: "completed" },
  busy: { status: "busy", line: "System: The line was busy" },
  "no-answer": { status: "no_answer", line: "System: Nobody answered" },
  failed: { status: "failed", line: "System: The call could not be connected" },
  canceled: { status: "missed", line: "System: The caller hung up before the call was answered" },
};
/**
 * Only this side cancels an outbound call (the autodialer letting go of a line that rang on
 * unanswered): for the callee it is a call nobody answered.
 */
const OUTBOUND_CANCELED = {
  status: "no_answer",
  line: "System: Nobody answered; the line was hung up while it still rang",
};

const NOT_PROVEN = "The X-Twilio-Signature does not match this request";

/**
 * The carrier's webhooks (public routes): each proves itself with its account's signature before
 * it reads anything of the workspace's, and each delivery is handled once (deliveries.ts).
 */
export function webhooks(ctx: TelephonyContext) {
  const { calls, carriers, deliveries } = ctx;

  /** Finds the call a webhook is about (by the carrier's SID, else by our id in its address) and checks its signature. */
  async function callContext(request: WebhookRequest, callId?: string): Promise<CallContext> {
    carriers.verifySimulatorFirst(request);
    const sid = request.params.CallSid;
    const call = await calls.findForCarrier(sid, callId);
    if (!call || (callId && call.id !== callId)) throw new NotAllowed(NOT_PROVEN);
    const connection = (await ctx.repo.connection(call.workspaceId)) ?? null;
    carriers.verifyForCall(request, call, connection);
    if (sid && call.providerCallSid && call.providerCallSid !== sid) throw new NotAllowed(NOT_PROVEN);
    // Only a proven webhook gets as far as the workspace's details.
    const account = await ctx.accounts.load(call.workspaceId);
    if (!account) throw new NotAllowed(NOT_PROVEN);
    if (sid && !call.providerCallSid) {
      await calls.setProviderSid(account, call.id, sid);
      return { call: { ...call, providerCallSid: sid }, connection, account };
    }
    return { call, connection, account };
  }

  /**
   * The autodialer answers the calls it placed first: a person gets an agent within
   * 2 seconds or the safe-harbor message, a machine the voicemail; null: the assistant goes on.
   */
  async function dialerAnswer(call: CallContext, request: WebhookRequest): Promise<string | null> {
    if (!ctx.dialer || !call.call.dialKey || call.call.status !== "ringing") return null;
    return ctx.dialer.answered(call.account, call.call, request.params.AnsweredBy ?? null);
  }

  return {
    /** The carrier connects a call: one the app placed or expects, or a new call to a workspace's number. */
    async voice(request: WebhookRequest, callId: string | undefined, agentId?: string): Promise<string> {
      const sid = request.params.CallSid;
      if (!sid) throw new NotAllowed(NOT_PROVEN);
      carriers.verifySimulatorFirst(request);
      const known = await calls.findForCarrier(sid, callId);
      if (known) {
        const call = await callContext(request, known.id);
        return deliveries.once(
          `${sid}:voice`,
          async () => (await dialerAnswer(call, request)) ?? answerKnownCall(ctx, call, sid),
          () => empty(),
        );
      }
      const to = toE164OrNull(request.params.To ?? "");
      const route = to ? await ctx.repo.routeNumber(to) : undefined;
      if (!route) throw new NotAllowed(NOT_PROVEN);
      carriers.verifyForNumber(request, route.number.provider, route.connection);
      return deliveries.once(
        `${sid}:voice`,
        () => answerInbound(ctx, route, sid, request.params, agentId),
        () => empty(),
      );
    },

    /** What the caller said (or that they said nothing), or a "wait" for a slow turn's answer. */
    async gather(
      request: WebhookRequest,
      callId: string,
      query: { turn: number; silence?: number | undefined; wait?: number | undefined },
    ): Promise<string> {
      const call = await callContext(request, callId);
      const sid = call.call.providerCallSid as string;
      const key = `${sid}:gather:${query.turn}`;
      if (query.wait) {
        const answer = await deliveries.storedAnswer(key, WAIT_WINDOW_MS);
        if (answer) return answer;
        return query.wait < MAX_WAITS
          ? waitForTurn(callId, query.turn, query.wait + 1)
          : sayAndHangUp(ctx.speech.plain(), SAYINGS.sorry);
      }
      const text = (request.params.SpeechResult ?? "").trim();
      if (!text) {
        const silence = query.silence ?? 1;
        return deliveries.once(
          `${key}:silence:${silence}`,
          () => silentTurn(ctx, call, query.turn, silence),
          () => empty(),
        );
      }
      return deliveries.turnWithDeadline(key, () => speakTurn(ctx, call, text), callId, query.turn);
    },

    /** After <Dial> to the user's cellphone: it was answered (the call ends with it) or not. */
    async dial(request: WebhookRequest, callId: string): Promise<string> {
      const call = await callContext(request, callId);
      const sid = call.call.providerCallSid as string;
      const status = request.params.DialCallStatus ?? "completed";
      return deliveries.once(
        `${sid}:dial:${request.params.DialCallSid ?? status}`,
        async () => {
          if (status === "completed" || status === "answered") return sayAndHangUp(ctx.speech.plain(), null);
          // The autodialer rang its rep's phone (a dial key): the person left no message.
          const saying = call.call.dialKey ? SAYINGS.noRep : SAYINGS.nobody;
          return sayAndHangUp(await ctx.speech.of(call.account.id), saying);
        },
        () => empty(),
      );
    },

    /** The call's status changed; an ending status ends the call in History. */
    async status(request: WebhookRequest, callId: string | undefined): Promise<void> {
      const call = await callContext(request, callId);
      const sid = call.call.providerCallSid as string;
      const callStatus = request.params.CallStatus ?? "";
      const ending =
        callStatus === "canceled" && call.call.direction === "outbound"
          ? OUTBOUND_CANCELED
          : CARRIER_ENDINGS[callStatus];
      if (!ending) return;
      await deliveries.once(
        `${sid}:status:${callStatus}`,
        async () => {
          const duration = Number.parseInt(request.params.CallDuration ?? "", 10);
          await calls.endCarrierCall(call.account, call.call.id, {
            status: ending.status,
            line: ending.line,
            duration: Number.isFinite(duration) && duration >= 0 ? duration : undefined,
            countUsage: call.call.callType !== "system_test",
          });
          // The autodialer moves its attempt and lead on.
          if (call.call.dialKey && ctx.dialer) await ctx.dialer.ended(call.account, call.call, ending.status);
          return "";
        },
        () => "",
      );
    },

    /** A Twilio call's recording is ready: its address goes on the call. */
    async recording(request: WebhookRequest): Promise<void> {
      const call = await callContext(request);
      const sid = call.call.providerCallSid as string;
      const url = request.params.RecordingUrl;
      const recordingStatus = request.params.RecordingStatus ?? "completed";
      if (!url || recordingStatus !== "completed") return;
      await deliveries.once(
        `${sid}:recording:${request.params.RecordingSid ?? url}`,
        async () => {
          await calls.setRecording(call.account, call.call.id, url);
          return "";
        },
        () => "",
      );
    },
  };
}
