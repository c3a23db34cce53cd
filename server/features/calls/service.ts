import type { Account } from "../../domain/account";
import { carrierRecords } from "./carrier-records";
import { answerCarrierCall, assignCallAgent, endCarrierCall } from "./commands/carrier-call";
import { holdCall, patchCall, transferCall } from "./commands/control-call";
import { endIdleCalls } from "./commands/end-idle-calls";
import { endOverdueCalls } from "./commands/end-overdue-calls";
import { flagCall } from "./commands/flag-call";
import { recordUnscreened, simulateCall, startCarrierCall } from "./commands/start-call";
import { takeTurn } from "./commands/take-turn";
import { type CallControlEvent, type CallServiceDeps, type CallsContext, callsContext } from "./context";
import { appendLines } from "./engine-state";
import {
  activeCall,
  callStats,
  deleteCall,
  deleteCalls,
  deleteTestCalls,
  exportCsv,
  figuresSince,
  getCall,
  listCalls,
  performanceFigures,
} from "./history";
import { agentOutcomes, contactCalls, recentCalls } from "./outcomes";
import { callRepository } from "./repository";

export type { CallControlEvent, CallServiceDeps, Understand } from "./context";
export { engineAccount, monthOf } from "./engine-state";

/**
 * The calls area, assembled: the multi-step writes are commands (commands/: start, the caller's
 * turn, the user's controls, the carrier's answer and end, the idle sweep, each ending through
 * finalize-call), the reads are History's (history.ts) and the carrier layer's
 * (carrier-records.ts). Each takes the area's context first; this binds it.
 */
export function callService(deps: CallServiceDeps) {
  const ctx = callsContext(deps);
  const bound =
    <A extends unknown[], R>(work: (context: CallsContext, ...args: A) => R) =>
    (...args: A): R =>
      work(ctx, ...args);

  /**
   * A caller's number as the workspace reads it: E.164 in its default country (the contacts
   * area's normalizePhone), so "020 7946 0018" in a British workspace is +442079460018, not a
   * malformed American number. Anything that is not a number (withheld, "anonymous", too short)
   * goes on as given, for the engine to judge.
   */
  const inWorkspaceCountry = (account: Account, raw: string): string =>
    ctx.contacts.normalize(account, raw).e164 ?? raw;

  return {
    simulate: (account: Account, input: Parameters<typeof simulateCall>[2]) =>
      simulateCall(ctx, account, { ...input, phoneNumber: inWorkspaceCountry(account, input.phoneNumber) }),
    ...carrierRecords(ctx),
    /** A call past the plan's limits is not screened, but a known caller's name is still shown. */
    async recordUnscreened(account: Account, input: Parameters<typeof recordUnscreened>[2]) {
      const phoneNumber = inWorkspaceCountry(account, input.phoneNumber);
      const known = phoneNumber.startsWith("+")
        ? await ctx.contacts.nameForNumber(account.id, phoneNumber)
        : null;
      return recordUnscreened(ctx, account, {
        ...input,
        phoneNumber,
        callerName: input.callerName || known,
      });
    },
    hear: bound(takeTurn),
    patch: bound(patchCall),
    hold: bound(holdCall),
    transfer: bound(transferCall),
    startCarrierCall: (
      account: Account,
      input: Parameters<typeof startCarrierCall>[2],
      admit?: Parameters<typeof startCarrierCall>[3],
    ) =>
      startCarrierCall(
        ctx,
        account,
        { ...input, phoneNumber: inWorkspaceCountry(account, input.phoneNumber) },
        admit,
      ),
    answerCarrierCall: bound(answerCarrierCall),
    assignAgent: bound(assignCallAgent),
    endCarrierCall: bound(endCarrierCall),

    /** Subscribes to the user's hold, resume, transfer and end of a call; returns the unsubscribe. */
    onCallControl(listener: (event: CallControlEvent) => void): () => void {
      return ctx.control.subscribe(listener);
    },

    get: bound(getCall),
    /**
     * Adds lines to a call's transcript under its lock (the agent console's conversation on a
     * simulated line: the rep's words and the callee's); a call that ended keeps its transcript.
     */
    async appendTranscript(account: Account, callId: string, lines: string[]): Promise<void> {
      await ctx.inTransaction(async (tx) => {
        const calls = callRepository(tx);
        const row = await calls.getForUpdate(account.id, callId);
        if (!row?.isActive) return;
        await calls.update(account.id, callId, { transcript: appendLines(row.transcript, lines) });
      });
    },
    activeCall: bound(activeCall),
    list: bound(listCalls),
    exportCsv: bound(exportCsv),
    stats: bound(callStats),
    deleteCall: bound(deleteCall),
    deleteCalls: bound(deleteCalls),
    deleteTestCalls: bound(deleteTestCalls),
    endIdleCalls: bound(endIdleCalls),
    /** The platform's call time limit (the admin's defaultCallTimeout, in seconds). */
    endOverdueCalls: bound(endOverdueCalls),
    /** AI Studio: automation rules flag finished calls; figures from stored calls. */
    flag: bound(flagCall),
    performance: bound(performanceFigures),
    /** The enterprise dashboard's Analytics. */
    figuresSince: bound(figuresSince),
    /** A contact's calls with what each came to (its history). */
    contactCalls: bound(contactCalls),
    /** A person's last calls, by contact and number (the agent desktop's contact card). */
    recentCalls: bound(recentCalls),
    /** Each agent's ended real calls by what they came to (the agents' analytics). */
    agentOutcomes: bound(agentOutcomes),
  };
}

export type CallService = ReturnType<typeof callService>;
