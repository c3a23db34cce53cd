import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { CarrierError, MAX_RECORDING_BYTES, RECORDING_SID, type TelephonyProvider } from "./types";

export type TwilioCredentials = { accountSid: string; authToken: string };

/**
 * The official client's HTTP client, sending every request to `baseUrl` instead of
 * https://api.twilio.com: tests and the bench point it at a local server that answers like
 * Twilio's REST API. The path (/2010-04-01/Accounts/...) is kept as the SDK builds it.
 */
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

/** Twilio through its official Node.js package. */
export function twilioProvider(
  credentials: TwilioCredentials,
  options: { apiBaseUrl?: string | undefined; timeoutMs?: number } = {},
): TelephonyProvider {
  const timeout = options.timeoutMs ?? 10_000;
  const client = twilio(credentials.accountSid, credentials.authToken, {
    timeout,
    ...(options.apiBaseUrl ? { httpClient: new RebasedRequestClient(options.apiBaseUrl, timeout) } : {}),
  });

  return {
    name: "twilio",

    async placeCall(input) {
      const call = await wrap(() =>
        client.calls.create({
          to: input.to,
          from: input.from,
          url: input.url,
          method: "POST",
          statusCallback: input.statusCallback,
          statusCallbackMethod: "POST",
          statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
          // Ring for 25 s before giving up as no-answer (the autodialer sets its own, at least 15 s).
          timeout: input.ringTimeoutSeconds ?? 25,
          // Autodialer: answering-machine detection; AnsweredBy comes with the voice
          // webhook once a machine's greeting ends, so a voicemail drop starts after the beep.
          ...(input.machineDetection ? { machineDetection: "DetectMessageEnd" } : {}),
        }),
      );
      return { callSid: call.sid };
    },

    async updateCall(callSid, update) {
      await wrap(() => client.calls(callSid).update("twiml" in update ? { twiml: update.twiml } : update));
    },

    async configureNumber(phoneNumber, hooks) {
      const [found] = await wrap(() => client.incomingPhoneNumbers.list({ phoneNumber, limit: 1 }));
      if (!found) throw new CarrierError(`${phoneNumber} is not a number of this Twilio account`, 404);
      await wrap(() =>
        client.incomingPhoneNumbers(found.sid).update({
          voiceUrl: hooks.voiceUrl,
          voiceMethod: "POST",
          statusCallback: hooks.statusCallback,
          statusCallbackMethod: "POST",
        }),
      );
    },

    async fetchRecording(recordingSid) {
      // Only a well-formed SID of this account, never an address from a webhook: nothing else
      // is ever fetched with the account's credentials.
      if (!RECORDING_SID.test(recordingSid)) throw new CarrierError("Not a Twilio recording SID", 400);
      const base = options.apiBaseUrl ?? "https://api.twilio.com";
      const url = `${base}/2010-04-01/Accounts/${credentials.accountSid}/Recordings/${recordingSid}.wav`;
      const basic = Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString("base64");
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { authorization: `Basic ${basic}` },
          signal: AbortSignal.timeout(timeout),
        });
      } catch (error) {
        throw new CarrierError(`Twilio could not be reached: ${(error as Error).message}`, 502);
      }
      if (!response.ok)
        throw new CarrierError(`Twilio answered ${response.status} for the recording`, response.status);
      const declared = Number(response.headers.get("content-length") ?? 0);
      if (declared > MAX_RECORDING_BYTES) throw new CarrierError("The recording is too large", 413);
      const audio = Buffer.from(await response.arrayBuffer());
      if (audio.length > MAX_RECORDING_BYTES) throw new CarrierError("The recording is too large", 413);
      return audio;
    },

    async deleteRecording(recordingSid) {
      if (!RECORDING_SID.test(recordingSid)) throw new CarrierError("Not a Twilio recording SID", 400);
      try {
        await wrap(() => client.recordings(recordingSid).remove());
        return "deleted";
      } catch (error) {
        if (error instanceof CarrierError && error.status === 404) return "gone";
        throw error;
      }
    },

    async verify() {
      const account = await wrap(() => client.api.v2010.accounts(credentials.accountSid).fetch());
      const numbers = await wrap(() => client.incomingPhoneNumbers.list({ limit: 100 }));
      return {
        friendlyName: account.friendlyName,
        status: account.status,
        numbers: numbers
          .filter((n) => n.capabilities?.voice !== false)
          .map((n) => ({
            phoneNumber: n.phoneNumber,
            friendlyName: n.friendlyName ?? null,
            voiceUrl: n.voiceUrl ?? null,
          })),
      };
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

/** X-Twilio-Signature: Twilio's own check (HMAC-SHA1 of the URL and the sorted POST parameters). */
export function validTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(authToken, signature, url, params);
}

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
