/** A carrier: places calls and changes live ones. Inbound calls reach the app through its webhooks. */
export type TelephonyProvider = {
  readonly name: "twilio" | "simulator";
  /** Dials `to` from `from`; when answered the carrier asks `url` for TwiML. */
  placeCall(input: PlaceCallInput): Promise<{ callSid: string }>;
  /** Replaces what a live call is doing with new TwiML (hold music, resume, transfer), or hangs it up. */
  updateCall(callSid: string, update: CallUpdate): Promise<void>;
  /** Checks the credentials against the carrier and lists the account's voice numbers. */
  verify(): Promise<CarrierAccount>;
};

export type PlaceCallInput = {
  to: string;
  from: string;
  /** Absolute: asked for TwiML when the call is answered. */
  url: string;
  /** Absolute: told of ringing, answer and the end. */
  statusCallback: string;
};

export type CallUpdate = { twiml: string } | { status: "completed" };

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
}
