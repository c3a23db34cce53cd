import type { Account } from "../../domain/account";
import { Conflict, type DomainError, OutsideServiceFailed } from "../../domain/errors";
import { CarrierError, type NumberHooks, twilioRecordingOf } from "../../providers/telephony/types";
import type { TelephonyContext, WebhookRequest } from "./context";
import { enforceDialGate, type OutboundCallee } from "./outbound-gate";

/**
 * What became of a recording the carrier kept, when asked to delete it:
 * - `deleted`: the carrier deleted it now;
 * - `gone`: the carrier no longer had it (deleted before, or by its own rules);
 * - `unreachable`: it cannot be asked (no Twilio connection any more, another Twilio account,
 *   a token sealed under another APP_SECRET, credentials it refuses): the recording is in the
 *   customer's own Twilio account, out of our reach;
 * - `failed`: a passing failure (Twilio down, too many requests): ask again later.
 */
export type RecordingDeletion = "deleted" | "gone" | "unreachable" | "failed";

/** A workspace's carrier number, as the business phone system keeps it. */
export type LineNumber = { number: string; provider: string };

/**
 * What the business phone system asks of telephony for its own numbers: telephony
 * keeps the carriers and their secrets, so it proves the routing's webhooks, points a number
 * at them, places the click-to-call leg, and fetches a voicemail's recording. The routing
 * itself (what a caller hears) is the phone system's.
 */
export function businessLines(ctx: TelephonyContext) {
  const { carriers, repo } = ctx;

  async function providerFor(account: Account, provider: string) {
    if (provider !== "twilio") return carriers.simulator.asProvider();
    const connection = await repo.connection(account.id);
    if (!connection) throw new Conflict("Connect Twilio in Settings → Phone service first");
    return carriers.twilioFor(connection);
  }

  function carrierFailure(what: string, error: unknown): DomainError {
    const message = error instanceof Error ? error.message : "Unknown error";
    return new OutsideServiceFailed(`${what}: ${message}`);
  }

  /** Deletes recordings of the workspace's Twilio account, through its connection as it is now. */
  async function recordingDeleter(
    workspaceId: string,
  ): Promise<(recording: { url: string } | { recordingSid: string }) => Promise<RecordingDeletion>> {
    const connection = await repo.connection(workspaceId);
    let twilio: ReturnType<typeof carriers.twilioFor> | null = null;
    try {
      twilio = connection ? carriers.twilioFor(connection) : null;
    } catch {
      // A token sealed under another APP_SECRET: nothing can be asked of this account.
    }
    return async (recording) => {
      const named =
        "url" in recording ? twilioRecordingOf(recording.url) : { accountSid: null, ...recording };
      if (!named || !connection || !twilio?.deleteRecording) return "unreachable";
      if (named.accountSid && named.accountSid.toLowerCase() !== connection.accountSid.toLowerCase())
        return "unreachable";
      try {
        return await twilio.deleteRecording(named.recordingSid);
      } catch (error) {
        // The carrier's passing trouble, or no answer from it at all, is tried again.
        return error instanceof CarrierError && !error.transient ? "unreachable" : "failed";
      }
    };
  }

  return {
    /**
     * Proves a webhook about one of the workspace's numbers: signed with its Twilio account's
     * token (and carrying that AccountSid), or with the simulator's; refuses (NotAllowed)
     * otherwise.
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

    /**
     * Places one leg of a click-to-call: the carrier rings `to` from `from`, then asks `url`,
     * whose answer dials `callee`. The callee is who the call is for, so the dial gate is asked
     * about them (a person, the user, talks to them: no AI voice) before the first leg rings.
     */
    async placeLineCall(
      account: Account,
      line: LineNumber,
      input: { to: string; url: string; statusCallback: string },
      callee: { e164: string } & OutboundCallee,
    ): Promise<{ callSid: string }> {
      await enforceDialGate(ctx, account, callee.e164, { aiVoice: false, ...callee });
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

    /**
     * Deletes a recording the workspace's Twilio account keeps: a call's (its RecordingUrl) or a
     * voicemail's (its RecordingSid). The simulator keeps its recordings in memory for minutes,
     * so there is nothing of its to delete.
     */
    async deleteRecording(
      workspaceId: string,
      recording: { url: string } | { recordingSid: string },
    ): Promise<RecordingDeletion> {
      return (await recordingDeleter(workspaceId))(recording);
    },

    /** deleteRecording for many of one workspace's recordings: its Twilio connection is read once. */
    recordingDeleter,

    /** Whether telephony has this carrier call (the assistant took it): its status goes there too. */
    async knowsCall(callSid: string): Promise<boolean> {
      return Boolean(await ctx.calls.findForCarrier(callSid, undefined));
    },
  };
}
