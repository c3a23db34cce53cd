import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { CarrierError } from "./types";

/**
 * What the browser softphone needs of a Twilio account beyond placing calls: an API key and a
 * TwiML app (made once per workspace), conference participants (the rep's browser, a transfer's
 * party, a supervisor listening, whispering or barging in), and live calls' TwiML and ends.
 */
export type ConferenceCarrier = {
  readonly accountSid: string;
  createApiKey(friendlyName: string): Promise<{ sid: string; secret: string }>;
  createTwimlApp(input: { friendlyName: string; voiceUrl: string }): Promise<{ sid: string }>;
  /** Dials `to` into the conference named (made when absent); answers the new leg's SID and the conference's. */
  addParticipant(
    conference: string,
    input: {
      from: string;
      to: string;
      label?: string | undefined;
      muted?: boolean | undefined;
      coaching?: boolean | undefined;
      callSidToCoach?: string | undefined;
      endConferenceOnExit?: boolean | undefined;
    },
  ): Promise<{ callSid: string; conferenceSid: string }>;
  updateParticipant(
    conferenceSid: string,
    callSid: string,
    update: {
      hold?: boolean | undefined;
      holdUrl?: string | undefined;
      muted?: boolean | undefined;
      coaching?: boolean | undefined;
      callSidToCoach?: string | undefined;
    },
  ): Promise<void>;
  /** Hangs up one leg (a participant leaving the conference). */
  hangUp(callSid: string): Promise<void>;
};

class RebasedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string,
    timeout: number,
  ) {
    super({ timeout, keepAlive: true });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const original = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.baseUrl}${original.pathname}${original.search}` });
  }
}

export function twilioConferences(
  credentials: { accountSid: string; authToken: string },
  options: { apiBaseUrl?: string | undefined; timeoutMs?: number } = {},
): ConferenceCarrier {
  const timeout = options.timeoutMs ?? 10_000;
  const client = twilio(credentials.accountSid, credentials.authToken, {
    timeout,
    ...(options.apiBaseUrl ? { httpClient: new RebasedRequestClient(options.apiBaseUrl, timeout) } : {}),
  });
  const defined = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

  return {
    accountSid: credentials.accountSid,
    async createApiKey(friendlyName) {
      const key = await wrap(() => client.newKeys.create({ friendlyName }));
      return { sid: key.sid, secret: key.secret };
    },
    async createTwimlApp(input) {
      const app = await wrap(() =>
        client.applications.create({
          friendlyName: input.friendlyName,
          voiceUrl: input.voiceUrl,
          voiceMethod: "POST",
        }),
      );
      return { sid: app.sid };
    },
    async addParticipant(conference, input) {
      const participant = await wrap(() =>
        client.conferences(conference).participants.create(
          defined({
            from: input.from,
            to: input.to,
            label: input.label,
            muted: input.muted,
            coaching: input.coaching,
            callSidToCoach: input.callSidToCoach,
            beep: "false",
            startConferenceOnEnter: true,
            endConferenceOnExit: input.endConferenceOnExit ?? false,
          }),
        ),
      );
      return { callSid: participant.callSid, conferenceSid: participant.conferenceSid };
    },
    async updateParticipant(conferenceSid, callSid, update) {
      await wrap(() => client.conferences(conferenceSid).participants(callSid).update(defined(update)));
    },
    async hangUp(callSid) {
      await wrap(() => client.calls(callSid).update({ status: "completed" }));
    },
  };
}

async function wrap<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const rest = error as { status?: number; code?: number; message?: string };
    if (typeof rest.status === "number")
      throw new CarrierError(rest.message || `Twilio answered ${rest.status}`, rest.status, rest.code);
    throw new CarrierError(`Twilio could not be reached: ${(error as Error).message}`, 502);
  }
}
