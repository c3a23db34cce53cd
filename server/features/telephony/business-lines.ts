import type { Account } from "../../http/account";
import { HttpError } from "../../http/errors";
import { CarrierError, type NumberHooks } from "../../providers/telephony/types";
import type { TelephonyContext, WebhookRequest } from "./context";

/** A workspace's carrier number, as the business phone system keeps it. */
export type LineNumber = { number: string; provider: string };

/**
 * What the business phone system (issue 17) asks of telephony for its own numbers: telephony
 * keeps the carriers and their secrets, so it proves the routing's webhooks, points a number
 * at them, places the click-to-call leg, and fetches a voicemail's recording. The routing
 * itself (what a caller hears) is the phone system's.
 */
export function businessLines(ctx: TelephonyContext) {
  const { carriers, repo } = ctx;

  async function providerFor(account: Account, provider: string) {
    if (provider !== "twilio") return carriers.simulator.asProvider();
    const connection = await repo.connection(account.id);
    if (!connection) throw new HttpError(409, "Connect Twilio in Settings → Phone service first");
    return carriers.twilioFor(connection);
  }

  function carrierFailure(what: string, error: unknown): HttpError {
    const message = error instanceof Error ? error.message : "Unknown error";
    return new HttpError(502, `${what}: ${message}`);
  }

  return {
    /**
     * Proves a webhook about one of the workspace's numbers: signed with its Twilio account's
     * token (and carrying that AccountSid), or with the simulator's. Throws 403 otherwise.
     */
    async proveLineWebhook(request: WebhookRequest, workspaceId: string, provider: string): Promise<void> {
      carriers.verifySimulatorFirst(request);
      const connection = provider === "twilio" ? ((await repo.connection(workspaceId)) ?? null) : null;
      carriers.verifyForNumber(request, provider, connection);
    },

    /** Handles a carrier delivery once per key (a retried webhook gets the first answer). */
    once(key: string, work: () => Promise<string>, pending: () => string): Promise<string> {
      return ctx.deliveries.once(key, work, pending);
    },

    /**
     * Points the number's incoming calls at these webhooks: Twilio's number configuration, or
     * the simulator's (kept on the number's row). Answers how it was applied.
     */
    async applyLineHooks(
      account: Account,
      line: LineNumber,
      hooks: NumberHooks,
    ): Promise<"twilio" | "recorded"> {
      if (line.provider === "twilio") {
        const provider = await providerFor(account, "twilio");
        try {
          await provider.configureNumber?.(line.number, hooks);
        } catch (error) {
          throw carrierFailure("Twilio did not take the routing", error);
        }
        return "twilio";
      }
      await repo.setSimulatorHooks(account.id, line.number, {
        voiceUrl: hooks.voiceUrl,
        statusCallbackUrl: hooks.statusCallback,
      });
      return "recorded";
    },

    /** Hands the number's calls back to the assistant (the number left the phone system). */
    async releaseLine(account: Account, line: LineNumber): Promise<void> {
      if (line.provider !== "twilio") await repo.setSimulatorHooks(account.id, line.number, null);
    },

    /** Places one leg of a click-to-call: the carrier rings `to` from `from`, then asks `url`. */
    async placeLineCall(
      account: Account,
      line: LineNumber,
      input: { to: string; url: string; statusCallback: string },
    ): Promise<{ callSid: string }> {
      const provider = await providerFor(account, line.provider);
      try {
        return await provider.placeCall({ ...input, from: line.number });
      } catch (error) {
        throw carrierFailure("The call could not be placed", error);
      }
    },

    /** A voicemail's audio (WAV) from the carrier that recorded it. */
    async lineRecording(account: Account, provider: string, recordingSid: string): Promise<Buffer> {
      if (provider !== "twilio") {
        const recording = carriers.simulator.recording(recordingSid);
        if (!recording) throw new CarrierError("The simulator no longer holds that recording", 404);
        return recording.audio;
      }
      const twilio = await providerFor(account, "twilio");
      if (!twilio.fetchRecording) throw new CarrierError("Recordings cannot be fetched", 501);
      return twilio.fetchRecording(recordingSid);
    },

    /** Whether telephony has this carrier call (the assistant took it): its status goes there too. */
    async knowsCall(callSid: string): Promise<boolean> {
      return Boolean(await ctx.calls.findForCarrier(callSid, undefined));
    },
  };
}
