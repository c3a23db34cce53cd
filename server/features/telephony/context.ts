import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Account, AccountLoader } from "../../domain/account";
import type { EventBus } from "../../events/bus";
import type { CarrierDelivery, CarrierMediaFetch } from "../../providers/telephony/simulator";
import type { CallService } from "../calls/service";
import type { DoNotCallService } from "../contacts/do-not-call";
import { type Carriers, carriers } from "./carriers";
import { type Deliveries, deliveries } from "./deliveries";
import type { ConnectionRow, TelephonyRepository } from "./repository";
import { telephonyRepository } from "./repository";
import { type PhoneVoices, type Voices, voices } from "./voices";

/** A webhook as it arrived: the address Twilio signed, its signature, and the form parameters. */
export type WebhookRequest = { url: string; signature: string | undefined; params: Record<string, string> };

export type CallRow = NonNullable<Awaited<ReturnType<CallService["findForCarrier"]>>>;
/** A proven webhook's call, the workspace it belongs to, and that workspace's Twilio connection. */
export type CallContext = { call: CallRow; account: Account; connection: ConnectionRow | null };

/** Call types that a carrier brings and that count against the plan's concurrent calls. */
export const PHONE_CALL_TYPES = ["twilio", "simulator"] as const;
/** Calls a carrier carries (system-test calls too, though they do not count against the plan). */
export const CARRIER_CALL_TYPES = new Set<string>([...PHONE_CALL_TYPES, "system_test"]);

export type TelephonyDeps = {
  db: Db;
  config: Config;
  calls: CallService;
  events: EventBus;
  log: FastifyBaseLogger;
  /** The plan's monthly limits: past them a call is answered with an apology, not screened. */
  usage?: {
    callStop(account: Account): Promise<{ message: string } | null>;
    limitReply(account: Account): Promise<string>;
  };
  appSecret: string;
  /** How the built-in carrier reaches the app's webhooks (app.inject in the server). */
  deliver: CarrierDelivery;
  /** The simulated caller's voice when the app records them (a voicemail): a WAV of the words. */
  simulatorVoice?: ((text: string) => Promise<Buffer>) | undefined;
  /** The workspace a webhook's call or number belongs to, as an Account (no person acting). */
  accounts: AccountLoader;
  /** The workspace's chosen voice (the voice area's), its cloned voice played on the phone. */
  voices: PhoneVoices;
  /** How the simulator fetches a <Play>'s audio (app.inject in the server); without it, none is fetched. */
  fetchAudio?: CarrierMediaFetch | undefined;
  /** The assistant's settings: auto-block and the outbound call's purpose. */
  settings: { row(workspaceId: string): Promise<{ autoBlockSpam: boolean; callPurpose: string | null }> };
  /** The workspace's do-not-call list (the contacts area's): every outbound call asks it as it dials. */
  doNotCall: Pick<DoNotCallService, "isDoNotCall">;
  /** The autodialer's say on the calls it placed; built after telephony, reached late. */
  dialer?: DialerCallHooks | undefined;
  /** The administrator's platform settings: the concurrent-call ceiling, recording. */
  platform?: PlatformCallSettings | undefined;
  /** The time zones recorded on the workspace's contacts with a number (the contacts area's). */
  callees?: { recordedTimeZones(workspaceId: string, e164: string): Promise<string[]> } | undefined;
  /** Whether consent to AI-voice calls is on file for a number (the dialer's leads); built after telephony. */
  aiVoiceConsent?: { hasConsent(workspaceId: string, e164: string): Promise<boolean> } | undefined;
  /** The clock the dial gate reads the callee's time on (tests move it). */
  now?: (() => Date) | undefined;
};

/** What telephony reads of the platform's configuration (cached a few seconds by the admin area). */
export type PlatformCallSettings = {
  settings(): Promise<{ maxConcurrentCalls: number; enableCallRecording: boolean }>;
};

/** A call as the autodialer's hooks see it: telephony's calls carry the dial attempt's key. */
export type DialerCall = {
  id: string;
  dialKey: string | null;
  callType?: string;
  providerCallSid?: string | null;
};

/**
 * What the webhooks ask the autodialer about a call it placed (one with a dial key):
 * - `answered`: the TwiML for the answer (an agent, the safe-harbor message, a voicemail), or
 *   null to let the assistant take the call as usual (an AI agent, or not the dialer's call);
 * - `ended`: the call ended with this History status (busy, no_answer, failed, completed, ...).
 */
export type DialerCallHooks = {
  answered(account: Account, call: DialerCall, answeredBy: string | null): Promise<string | null>;
  ended(account: Account, call: DialerCall, status: string): Promise<void>;
};

/**
 * What every part of the telephony area works with: its dependencies, its repository, the
 * carriers (Twilio per workspace, the built-in simulator), the account's voice, and the
 * once-only handling of the carrier's deliveries. Built once per service in service.ts.
 */
export type TelephonyContext = TelephonyDeps & {
  repo: TelephonyRepository;
  carriers: Carriers;
  speech: Voices;
  deliveries: Deliveries;
  /** Where the carrier reaches this app: PUBLIC_URL, else a local address for the simulator. */
  baseUrl: string;
  now: () => Date;
};

/** Relative TwiML and simulator URLs resolve against this when PUBLIC_URL is not set. */
const LOCAL_BASE = "http://localhost";

export function telephonyContext(deps: TelephonyDeps): TelephonyContext {
  const repo = telephonyRepository(deps.db);
  const baseUrl = deps.config.publicUrl ?? LOCAL_BASE;
  const speech = voices(deps);
  return {
    ...deps,
    repo,
    baseUrl,
    now: deps.now ?? (() => new Date()),
    carriers: carriers(deps, baseUrl),
    speech,
    deliveries: deliveries(repo, deps.config, deps.log, speech),
  };
}

/** The number of the caller's next turn: each gather address carries it, so each delivery is unique. */
export function nextTurn(call: Pick<CallRow, "engineState">): number {
  return (call.engineState?.state.turns ?? 0) + 1;
}
