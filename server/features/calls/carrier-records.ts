import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import type { CallsContext } from "./context";
import { type CallRow, callRepository } from "./repository";

/**
 * What the carrier layer (telephony, the voice-call screens) reads and records on calls: a
 * webhook's call, its SID and recording, live calls for the plan's limit and the lists.
 */
export function carrierRecords(ctx: CallsContext) {
  const { calls, events } = ctx;
  return {
    /** A call by the carrier's SID, else by our id, in any workspace (the webhook proves itself next). */
    async findForCarrier(
      callSid: string | undefined,
      callId: string | undefined,
    ): Promise<CallRow | undefined> {
      const bySid = callSid ? await calls.findByProviderSid(callSid) : undefined;
      return bySid ?? (callId ? await calls.findAnyById(callId) : undefined);
    },
    async setProviderSid(account: Account, callId: string, callSid: string): Promise<void> {
      await calls.update(account.id, callId, { providerCallSid: callSid });
    },
    async setRecording(account: Account, callId: string, url: string): Promise<void> {
      await calls.update(account.id, callId, { recordingUrl: url });
      events.publish(account.id, { type: "call.updated", callId });
    },
    /** Recordings of calls made before `before`, oldest first, a page at a time (their retention). */
    recordingsBefore: (before: Date, cursor: { at: string; id: string } | null, limit: number) =>
      calls.recordingsBefore(before, cursor, limit),
    /** The recordings are gone (deleted at the carrier, or out of reach): their addresses go too. */
    forgetRecordings: (ids: readonly string[]) => calls.forgetRecordings(ids),
    /** A workspace being deleted, a piece at a time (its data's retention): up to `limit` of its calls. */
    purgeSome: (workspaceId: string, limit: number) => calls.purgeSome(workspaceId, limit),
    /** Live calls of these types, inside the caller's transaction (the concurrent-call limit). */
    countLiveIn: (tx: Db, workspaceId: string, callTypes: readonly string[]) =>
      callRepository(tx).countLive(workspaceId, callTypes),
    /** Live calls of these types in every workspace, inside the caller's transaction (the platform's ceiling). */
    countLiveEverywhereIn: (tx: Db, callTypes: readonly string[]) =>
      callRepository(tx).countLiveEverywhere(callTypes),
    countLive: (account: Account, callTypes: readonly string[]) => calls.countLive(account.id, callTypes),
    liveCarrierCalls: (account: Account, limit?: number) => calls.liveCarrierCalls(account.id, limit),
    systemTestCalls: (account: Account, sidPrefix: string) => calls.systemTestCalls(account.id, sidPrefix),
    latestSystemTestSid: (account: Account) => calls.latestSystemTestSid(account.id),
    /** Live calls of these types in every workspace, for the carrier layer's start-up check. */
    liveOfTypesAnywhere: (callTypes: readonly string[], limit = 1000) =>
      calls.liveOfTypesAnywhere(callTypes, limit),
    /** The call a background job placed under this key, if it did. */
    findByDialKey: (account: Account, dialKey: string) => calls.findByDialKey(account.id, dialKey),
    /** Whether the workspace blocked this number (E.164). */
    isBlocked: (account: Account, e164: string) => calls.isBlocked(account.id, e164),
  };
}
