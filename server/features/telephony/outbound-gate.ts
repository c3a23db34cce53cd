import type { Account } from "../../domain/account";
import { DomainError } from "../../domain/errors";
import type { CallingHours } from "../dialer/calling-window";
import type { TelephonyContext } from "./context";
import { type DialRefusal, decideDial } from "./dial-gate";

/**
 * The enforcement of dial-gate.ts's decision: telephony asks it right before the carrier is asked
 * to ring a callee, on every outbound path (placeOutbound: a contact's Dial, bulk calls, the
 * autodialer, /real-voice-calls, the Viasat autodial; placeLineCall: the phone system's
 * click-to-call), so no path can place a call the gate would refuse. What the caller knows about
 * the callee (a lead's zone and postal code, the campaign's list and hours, whether an AI voice
 * speaks) comes with the call; what the workspace knows about the number (its do-not-call list,
 * the zones of contacts with it, consent on file) is read here, each time.
 */

/** What the path placing the call knows about its callee; everything is optional. */
export type OutboundCallee = {
  /** Time zones recorded for the callee (a lead's, its contact's): checked with the number's. */
  timeZones?: readonly (string | null | undefined)[] | undefined;
  postalCodes?: readonly (string | null | undefined)[] | undefined;
  /** The contact being called is marked do-not-call. */
  contactDoNotCall?: boolean | undefined;
  /** A dialer campaign's call: its own do-not-call list's answer and its hours. */
  campaign?: { onOwnList: boolean; hours: CallingHours | null } | undefined;
  /**
   * Whether the callee would hear an AI voice. True unless the caller says otherwise: an outbound
   * call is conducted by the assistant unless a person takes it (a rep the dialer bridges, the
   * user who clicked to call).
   */
  aiVoice?: boolean | undefined;
  /** Consent the caller holds (a dialer lead's); otherwise consent on file for the number is read. */
  aiVoiceConsent?: boolean | undefined;
  /** A line a predictive campaign dials ahead of a free agent, with its 30-day abandonment rate. */
  predictiveLine?: { abandonRate: number } | null | undefined;
};

/**
 * A call the gate refused, with the reason, and the refusal for callers that reschedule: not
 * allowed without consent to an AI voice, otherwise a conflict with the number's state (a list,
 * the hours, the campaign's abandonment).
 */
export class DialRefused extends DomainError {
  constructor(readonly refusal: DialRefusal) {
    super(refusal.rule === "no_ai_voice_consent" ? "not-allowed" : "conflict", refusal.message);
  }
}

/** Throws DialRefused when the number (E.164) may not be dialled now for this workspace. */
export async function enforceDialGate(
  ctx: TelephonyContext,
  account: Account,
  e164: string,
  callee: OutboundCallee = {},
): Promise<void> {
  const aiVoice = callee.aiVoice ?? true;
  const [listed, recordedZones, consentOnFile] = await Promise.all([
    ctx.doNotCall.isDoNotCall(account.id, e164),
    ctx.callees ? ctx.callees.recordedTimeZones(account.id, e164) : Promise.resolve([]),
    aiVoice && callee.aiVoiceConsent === undefined && ctx.aiVoiceConsent
      ? ctx.aiVoiceConsent.hasConsent(account.id, e164)
      : Promise.resolve(false),
  ]);
  const verdict = decideDial({
    now: ctx.now(),
    callee: {
      phoneNumber: e164,
      timeZones: [...(callee.timeZones ?? []), ...recordedZones],
      postalCodes: callee.postalCodes,
    },
    doNotCall: {
      workspace: listed,
      contact: callee.contactDoNotCall,
      campaign: callee.campaign?.onOwnList,
    },
    campaignHours: callee.campaign?.hours,
    unknownZoneAssumed: ctx.config.telephony.unknownZoneAssumed,
    aiVoice,
    aiVoiceConsent: callee.aiVoiceConsent ?? consentOnFile,
    predictiveLine: callee.predictiveLine,
  });
  if (!verdict.allowed) throw new DialRefused(verdict.refusal);
}
