/** A carrier: places calls and changes live ones. Inbound calls reach the app through its webhooks. */
export type TelephonyProvider = {
  readonly name: "twilio" | "simulator";
  /** Dials `to` from `from`; when answered the carrier asks `url` for TwiML. */
  placeCall(input: PlaceCallInput): Promise<{ callSid: string }>;
  /** Replaces what a live call is doing with new TwiML (hold music, resume, transfer), or hangs it up. */
  updateCall(callSid: string, update: CallUpdate): Promise<void>;
  /** Checks the credentials against the carrier and lists the account's voice numbers. */
  verify(): Promise<CarrierAccount>;
  /**
   * Points one of the account's numbers at these webhooks (Twilio: the IncomingPhoneNumber's
   * VoiceUrl and StatusCallback). The simulator keeps its numbers' webhooks in the database.
   */
  configureNumber?(phoneNumber: string, hooks: NumberHooks): Promise<void>;
  /** A recording's audio as WAV (Twilio: GET Recordings/{Sid}.wav with the account's credentials). */
  fetchRecording?(recordingSid: string): Promise<Buffer>;
  /**
   * Deletes a recording the carrier keeps (Twilio: DELETE Recordings/{Sid}.json); "gone" when
   * the carrier no longer has it. Throws CarrierError otherwise.
   */
  deleteRecording?(recordingSid: string): Promise<"deleted" | "gone">;
};

export type NumberHooks = { voiceUrl: string; statusCallback: string };

/** A Twilio RecordingSid: RE and 32 hex digits. Anything else is never fetched. */
export const RECORDING_SID = /^RE[0-9a-f]{32}$/;

/**
 * The account and recording a Twilio RecordingUrl names
 * (https://api.twilio.com/2010-04-01/Accounts/AC.../Recordings/RE...), or null for any other address.
 */
export function twilioRecordingOf(url: string): { accountSid: string; recordingSid: string } | null {
  const match = /\/Accounts\/(AC[0-9a-fA-F]{32})\/Recordings\/(RE[0-9a-f]{32})(?:\.\w+)?(?:[?#].*)?$/.exec(
    url,
  );
  return match?.[1] && match[2] ? { accountSid: match[1], recordingSid: match[2] } : null;
}
/** The largest recording fetched: 120 s of WAV at 16 kHz is under 4 MB. */
export const MAX_RECORDING_BYTES = 16 * 1024 * 1024;

export type PlaceCallInput = {
  to: string;
  from: string;
  /** Absolute: asked for TwiML when the call is answered. */
  url: string;
  /** Absolute: told of ringing, answer and the end. */
  statusCallback: string;
  /**
   * Autodialer: the carrier tells the voice webhook who answered (`AnsweredBy`:
   * human, or machine_end_beep once a machine's greeting is over, where a voicemail starts).
   */
  machineDetection?: boolean | undefined;
  /** Seconds to ring before giving up as no-answer (the dialer rings at least 15). */
  ringTimeoutSeconds?: number | undefined;
  /** The built-in carrier only: how this call goes (the dialer's answer-outcome model). Twilio ignores it. */
  simulated?: SimulatedDial | undefined;
};

/** A simulated dial's planned outcome: who answers (or how it fails) after how long, and how long they talk. */
export type SimulatedDial = {
  outcome: "human" | "machine" | "busy" | "no_answer" | "failed";
  /** From dialling to the answer, the busy signal, the failure, or the ring timeout. */
  afterMs: number;
  /** A machine's greeting before the beep. */
  greetingMs?: number | undefined;
  /** A person hangs up this long after answering. */
  talkMs?: number | undefined;
};

/**
 * New TwiML, or an end: `completed` hangs up the call whatever it is doing; `canceled` hangs it
 * up only while it is queued or ringing and leaves an answered call alone (Twilio's own rule).
 */
export type CallUpdate = { twiml: string } | { status: "completed" | "canceled" };

export type CarrierAccount = {
  friendlyName: string;
  status: string;
  numbers: { phoneNumber: string; friendlyName: string | null; voiceUrl: string | null }[];
};

/** A carrier's refusal, with its own message (Twilio's error text). */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = "CarrierError";
  }

  /** The carrier's trouble is passing (too many requests, its own failure): worth asking again. */
  get transient(): boolean {
    return this.status === 429 || this.status >= 500;
  }

  /** The carrier turned the account's credentials away, or knows no such account. */
  get credentialsRefused(): boolean {
    return this.status === 401 || this.status === 403 || this.status === 404;
  }
}
