import type { ActiveVoiceCall, TelephonyState } from "../../../common/telephony";
import type { CallRow } from "./context";
import type { ConnectionRow } from "./repository";
import { WEBHOOK_PATHS } from "./twiml";

/** The phone-service settings: who carries the calls, the Twilio connection (never its token), the lines. */
export function presentTelephonyState(input: {
  connection: ConnectionRow | null;
  /** The last four characters of the stored token, or why it cannot be read. */
  authTokenHint: string;
  twilioNumber: string | null;
  simulatorNumber: string;
  publicUrl: string | undefined;
  concurrentCalls: TelephonyState["concurrentCalls"];
  cellphoneNumber: string | null;
}): TelephonyState {
  const { connection, publicUrl } = input;
  return {
    provider: connection ? "twilio" : "simulator",
    twilio: connection
      ? {
          accountSid: connection.accountSid,
          authTokenHint: input.authTokenHint,
          phoneNumber: input.twilioNumber,
          status: connection.status,
          connectedAt: connection.connectedAt.toISOString(),
          lastCheckedAt: connection.lastCheckedAt?.toISOString() ?? null,
        }
      : null,
    simulatorNumber: input.simulatorNumber,
    webhooks: {
      voiceUrl: `${publicUrl ?? ""}${WEBHOOK_PATHS.voice}`,
      statusCallbackUrl: `${publicUrl ?? ""}${WEBHOOK_PATHS.status}`,
      publicUrlConfigured: Boolean(publicUrl),
    },
    concurrentCalls: input.concurrentCalls,
    cellphoneNumber: input.cellphoneNumber,
  };
}

/** Carrier words for a live call's status, as Twilio spells them. */
const VOICE_STATUS: Record<string, string> = {
  ringing: "ringing",
  in_progress: "in-progress",
  on_hold: "on-hold",
};

/** A live carrier call for the active-calls list; its duration runs from the answer, at `at`. */
export function presentActiveCall(row: CallRow, at: Date): ActiveVoiceCall {
  return {
    callSid: row.providerCallSid ?? row.id,
    callId: row.id,
    phoneNumber: row.phoneNumber,
    duration:
      row.status === "ringing" ? 0 : Math.max(0, Math.round((at.getTime() - row.startTime.getTime()) / 1000)),
    status: VOICE_STATUS[row.status] ?? row.status.replace(/_/g, "-"),
    direction: row.direction,
    provider: row.callType === "twilio" ? "twilio" : "simulator",
  };
}
