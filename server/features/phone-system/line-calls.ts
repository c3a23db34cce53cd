import type { PhoneAnalytics } from "../../../common/phone-system";
import type { Account, AccountLoader } from "../../domain/account";
import { NotAllowed } from "../../domain/errors";
import type { TelephonyService, WebhookRequest } from "../telephony/service";
import type { BusinessCallsRepository, BusinessNumberRow } from "./repository";
import {
  ANSWERED_DIAL,
  assistantTwiml,
  bridgeResultTwiml,
  bridgeTwiml,
  dialResultTwiml,
  extensionTwiml,
  type RoutingModel,
  routingTwiml,
  voicemailSavedTwiml,
} from "./routing-twiml";
import type { VoicemailBox } from "./voicemail";

const NOT_PROVEN = "The X-Twilio-Signature does not match this request";
/** Carrier statuses that end a call. */
const ENDED = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);
/** What the analytics count: the last 30 days. */
const ANALYTICS_DAYS = 30;
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

export type LineTelephony = Pick<
  TelephonyService,
  "proveLineWebhook" | "once" | "knowsCall" | "status" | "lineRecording"
>;

export type LineCallsDeps = {
  calls: BusinessCallsRepository;
  telephony: LineTelephony;
  accounts: AccountLoader;
  voicemails: VoicemailBox;
  /** The number's routing as stored now. */
  routing(account: Account, number: BusinessNumberRow): Promise<RoutingModel>;
  /** A contact's name for the click-to-call announcement. */
  contactName(account: Account, contactId: string): Promise<string>;
  /** Which of these numbers are contacts now interested, qualified or converted. */
  convertedNumbers(workspaceId: string, e164s: string[]): Promise<string[]>;
  now: () => Date;
};

type Proven = { number: BusinessNumberRow; account: Account };

/**
 * The business numbers' carrier webhooks: what a caller hears (the routing), the
 * extension they press, the forwarded call's result, the voicemail they leave, the end of the
 * call; and the click-to-call legs. Each proves itself with its workspace's carrier first, and
 * each delivery is handled once. The calls are recorded for the analytics.
 */
export function lineCalls(deps: LineCallsDeps) {
  const { calls, telephony } = deps;

  async function proven(request: WebhookRequest, numberId: string): Promise<Proven> {
    const number = await calls.numberForWebhook(numberId);
    if (!number) throw new NotAllowed(NOT_PROVEN);
    await telephony.proveLineWebhook(request, number.workspaceId, number.provider);
    // Only a proven webhook gets as far as the workspace's details.
    const account = await deps.accounts.load(number.workspaceId);
    if (!account) throw new NotAllowed(NOT_PROVEN);
    return { number, account };
  }

  function sidOf(request: WebhookRequest): string {
    const sid = request.params.CallSid;
    if (!sid) throw new NotAllowed(NOT_PROVEN);
    return sid;
  }

  /** The business call of an inbound CallSid (recorded at the voice webhook). */
  async function inboundCall({ account, number }: Proven, request: WebhookRequest) {
    return calls.openInbound(account.id, number.id, sidOf(request), request.params.From ?? "");
  }

  return {
    /** An incoming call to the number (its voice webhook): the greeting, extensions or voicemail. */
    async voice(request: WebhookRequest, numberId: string): Promise<string> {
      const line = await proven(request, numberId);
      const sid = sidOf(request);
      return telephony.once(
        `${sid}:line-voice:${numberId}`,
        async () => {
          // A number switched off answers as if the phone system were not there: the assistant.
          if (!line.number.isActive) return assistantTwiml();
          await inboundCall(line, request);
          return routingTwiml(await deps.routing(line.account, line.number), deps.now());
        },
        () => EMPTY,
      );
    },

    /** The caller pressed an extension (the <Gather action>). */
    async extension(request: WebhookRequest, numberId: string): Promise<string> {
      const line = await proven(request, numberId);
      const sid = sidOf(request);
      const digits = request.params.Digits ?? "";
      return telephony.once(
        `${sid}:line-extension:${digits}`,
        async () => {
          const model = await deps.routing(line.account, line.number);
          const call = await inboundCall(line, request);
          const extension = model.extensions.find((e) => e.digits === digits);
          if (extension) {
            await calls.updateCall(line.account.id, call.id, { extension: digits });
            // Handed to an AI agent: the assistant answers it.
            if (extension.target === "agent" && extension.agentId)
              await calls.settleOutcome(line.account.id, call.id, "answered");
          }
          return extensionTwiml(model, digits);
        },
        () => EMPTY,
      );
    },

    /** The forwarded call ended or was not answered (the <Dial action>). */
    async dial(request: WebhookRequest, numberId: string): Promise<string> {
      const line = await proven(request, numberId);
      const sid = sidOf(request);
      const status = request.params.DialCallStatus ?? "completed";
      return telephony.once(
        `${sid}:line-dial:${request.params.DialCallSid ?? status}`,
        async () => {
          if (ANSWERED_DIAL.has(status)) {
            const call = await inboundCall(line, request);
            await calls.settleOutcome(line.account.id, call.id, "answered");
          }
          return dialResultTwiml(line.number.id, status);
        },
        () => EMPTY,
      );
    },

    /** The caller left a message (the <Record action>): stored, transcribed, listed, notified. */
    async voicemail(request: WebhookRequest, numberId: string): Promise<string> {
      const line = await proven(request, numberId);
      const sid = sidOf(request);
      const recordingSid = request.params.RecordingSid ?? "";
      return telephony.once(
        `${sid}:line-voicemail:${recordingSid}`,
        async () => {
          const duration = Number.parseInt(request.params.RecordingDuration ?? "0", 10);
          // No recording, or an empty one (the caller hung up at the beep): nothing to keep.
          if (!/^RE[0-9a-zA-Z]{32}$/.test(recordingSid) || !(duration > 0)) return voicemailSavedTwiml();
          const call = await inboundCall(line, request);
          await calls.settleOutcome(line.account.id, call.id, "voicemail");
          await deps.voicemails.receive(line.account, line.number, {
            businessCallId: call.id,
            recordingSid,
            recordingUrl: request.params.RecordingUrl ?? null,
            from: request.params.From ?? call.otherNumber,
            extension: call.extension,
            duration,
          });
          return voicemailSavedTwiml();
        },
        () => EMPTY,
      );
    },

    /**
     * The number's status callback: the call ended. A call the routing handed to the assistant
     * is the assistant's too: its status goes on to telephony's handler, which ends it there.
     */
    async status(request: WebhookRequest, numberId: string, callId: string | undefined): Promise<void> {
      const line = await proven(request, numberId);
      const sid = sidOf(request);
      const callStatus = request.params.CallStatus ?? "";
      if (ENDED.has(callStatus)) {
        await telephony.once(
          `${sid}:line-status:${callStatus}`,
          async () => {
            const call = callId
              ? await calls.callById(line.account.id, callId)
              : await calls.callBySid(line.account.id, sid);
            if (call) {
              const duration = Number.parseInt(request.params.CallDuration ?? "", 10);
              await calls.updateCall(line.account.id, call.id, {
                endedAt: deps.now(),
                ...(Number.isFinite(duration) && duration >= 0 ? { duration } : {}),
              });
              await calls.settleOutcome(line.account.id, call.id, "missed");
            }
            return "";
          },
          () => "",
        );
      }
      if (!callId && (await telephony.knowsCall(sid))) await telephony.status(request, undefined);
    },

    /** Click-to-call: the user answered their phone; the contact is dialled from the business number. */
    async bridge(request: WebhookRequest, numberId: string, callId: string): Promise<string> {
      const line = await proven(request, numberId);
      const sid = sidOf(request);
      return telephony.once(
        `${sid}:line-bridge`,
        async () => {
          const call = await calls.callById(line.account.id, callId);
          if (call?.direction !== "outbound" || !call.contactId) throw new NotAllowed(NOT_PROVEN);
          if (!call.callSid) await calls.updateCall(line.account.id, call.id, { callSid: sid });
          return bridgeTwiml({
            numberId: line.number.id,
            callId: call.id,
            businessNumber: line.number.number,
            contactName: await deps.contactName(line.account, call.contactId),
            contactNumber: call.otherNumber,
          });
        },
        () => EMPTY,
      );
    },

    /** Click-to-call: the contact's leg ended, or they did not answer. */
    async bridgeResult(request: WebhookRequest, numberId: string, callId: string): Promise<string> {
      const line = await proven(request, numberId);
      const sid = sidOf(request);
      const status = request.params.DialCallStatus ?? "completed";
      return telephony.once(
        `${sid}:line-bridge-result:${status}`,
        async () => {
          const call = await calls.callById(line.account.id, callId);
          if (!call?.contactId) throw new NotAllowed(NOT_PROVEN);
          await calls.settleOutcome(
            line.account.id,
            call.id,
            ANSWERED_DIAL.has(status) ? "answered" : "missed",
          );
          return bridgeResultTwiml(await deps.contactName(line.account, call.contactId), status);
        },
        () => EMPTY,
      );
    },

    /** Phone analytics, from the last 30 days of calls on the workspace's numbers. */
    async analytics(account: Account): Promise<PhoneAnalytics> {
      const since = new Date(deps.now().getTime() - ANALYTICS_DAYS * 24 * 60 * 60 * 1000);
      const rows = await calls.callsSince(account.id, since);
      const answered = rows.filter((r) => r.outcome === "answered");
      const durations = answered.flatMap((r) => (r.duration !== null ? [r.duration] : []));
      const converted = new Set(
        await deps.convertedNumbers(account.id, [...new Set(rows.map((r) => r.otherNumber).filter(Boolean))]),
      );
      const convertedCalls = rows.filter((r) => converted.has(r.otherNumber)).length;
      return {
        totalCalls: rows.length,
        completedCalls: answered.length,
        missedCalls: rows.filter((r) => r.outcome === "missed").length,
        voicemails: rows.filter((r) => r.outcome === "voicemail").length,
        averageDuration:
          durations.length > 0 ? Math.round(durations.reduce((a, b) => a + b, 0) / durations.length) : 0,
        conversionRate: rows.length > 0 ? Math.round((convertedCalls / rows.length) * 1000) / 10 : 0,
      };
    },
  };
}

export type LineCalls = ReturnType<typeof lineCalls>;
