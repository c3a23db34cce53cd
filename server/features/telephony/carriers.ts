import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { derivedToken, secretBox } from "../../crypto/secret-box";
import { NotAllowed } from "../../domain/errors";
import {
  type CarrierDelivery,
  type CarrierMediaFetch,
  CarrierSimulator,
} from "../../providers/telephony/simulator";
import { twilioProvider, validTwilioSignature } from "../../providers/telephony/twilio";
import { twilioConferences } from "../../providers/telephony/twilio-conference";
import type { TelephonyProvider } from "../../providers/telephony/types";
import type { CallRow, WebhookRequest } from "./context";
import type { ConnectionRow } from "./repository";

const SIMULATOR_ACCOUNT_SID = "ACsimulator0000000000000000000000";

export type Carriers = ReturnType<typeof carriers>;

/**
 * The carriers and their secrets: a workspace's Twilio account (its auth token sealed under
 * APP_SECRET) and the built-in simulator, which lives in this process and signs its webhooks
 * with a token derived from APP_SECRET. Every webhook is proven against one of the two.
 */
export function carriers(
  deps: {
    config: Config;
    appSecret: string;
    deliver: CarrierDelivery;
    log: FastifyBaseLogger;
    simulatorVoice?: ((text: string) => Promise<Buffer>) | undefined;
    fetchAudio?: CarrierMediaFetch | undefined;
  },
  baseUrl: string,
) {
  const { config } = deps;
  const tokens = secretBox(deps.appSecret, "telephony-auth-token");
  const simulatorToken = derivedToken(deps.appSecret, "carrier-simulator");
  const simulator = new CarrierSimulator({
    accountSid: SIMULATOR_ACCOUNT_SID,
    token: simulatorToken,
    baseUrl,
    deliver: deps.deliver,
    timeScale: config.telephony.simulatorTimeScale,
    log: deps.log,
    ...(deps.simulatorVoice ? { recordAudio: deps.simulatorVoice } : {}),
    ...(deps.fetchAudio ? { fetchAudio: deps.fetchAudio } : {}),
  });

  function twilioFor(connection: ConnectionRow): TelephonyProvider {
    return twilioProvider(
      { accountSid: connection.accountSid, authToken: tokens.open(connection.authTokenEncrypted) },
      { apiBaseUrl: config.telephony.twilioApiBaseUrl },
    );
  }

  function verify(request: WebhookRequest, token: string | null, connection?: ConnectionRow | null): void {
    if (!token || !validTwilioSignature(token, request.signature, request.url, request.params))
      throw new NotAllowed("The X-Twilio-Signature does not match this request");
    // A Twilio account's webhooks carry its SID; another account's valid signature proves nothing here.
    if (connection && request.params.AccountSid !== connection.accountSid)
      throw new NotAllowed("The X-Twilio-Signature does not match this request");
  }

  return {
    simulator,
    /** Seals a Twilio auth token for storage. */
    seal: (authToken: string) => tokens.seal(authToken),
    /** The stored token, opened (throws when it was sealed under another APP_SECRET). */
    open: (connection: ConnectionRow) => tokens.open(connection.authTokenEncrypted),
    twilioFor,
    /** The account's conferences, keys and TwiML apps (the browser softphone). */
    conferencesFor: (connection: ConnectionRow) =>
      twilioConferences(
        { accountSid: connection.accountSid, authToken: tokens.open(connection.authTokenEncrypted) },
        { apiBaseUrl: config.telephony.twilioApiBaseUrl },
      ),

    /** Who carries this call: its workspace's Twilio, or the simulator (null: Twilio is gone). */
    providerFor(call: Pick<CallRow, "callType">, connection: ConnectionRow | null): TelephonyProvider | null {
      if (call.callType === "twilio") return connection ? twilioFor(connection) : null;
      return simulator.asProvider();
    },

    /** Proves a webhook about a known call: signed with its Twilio account's token, or the simulator's. */
    verifyForCall(
      request: WebhookRequest,
      call: Pick<CallRow, "callType">,
      connection: ConnectionRow | null,
    ) {
      if (call.callType === "twilio")
        verify(request, connection ? tokens.open(connection.authTokenEncrypted) : null, connection);
      else verify(request, simulatorToken);
    },

    /** Proves a webhook for a called number: its Twilio connection's, or the simulator's. */
    verifyForNumber(request: WebhookRequest, provider: string, connection: ConnectionRow | null) {
      if (provider === "twilio")
        verify(request, connection ? tokens.open(connection.authTokenEncrypted) : null, connection);
      else verify(request, simulatorToken);
    },

    /**
     * A webhook in the simulator's name is proven against the simulator's token before anything is
     * looked up by its fields. (A Twilio webhook is signed with its own account's token, so that
     * account is found first, by fields the route's schema has already checked, and proven next.)
     */
    verifySimulatorFirst(request: WebhookRequest): void {
      if (request.params.AccountSid === SIMULATOR_ACCOUNT_SID) verify(request, simulatorToken);
    },
  };
}
