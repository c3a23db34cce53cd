import { carrierRecords } from "./carrier-records";
import { answerCarrierCall, endCarrierCall } from "./commands/carrier-call";
import { holdCall, patchCall, transferCall } from "./commands/control-call";
import { endIdleCalls } from "./commands/end-idle-calls";
import { flagCall } from "./commands/flag-call";
import { recordUnscreened, simulateCall, startCarrierCall } from "./commands/start-call";
import { takeTurn } from "./commands/take-turn";
import { type CallControlEvent, type CallServiceDeps, type CallsContext, callsContext } from "./context";
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

  return {
    simulate: bound(simulateCall),
    ...carrierRecords(ctx),
    recordUnscreened: bound(recordUnscreened),
    hear: bound(takeTurn),
    patch: bound(patchCall),
    hold: bound(holdCall),
    transfer: bound(transferCall),
    startCarrierCall: bound(startCarrierCall),
    answerCarrierCall: bound(answerCarrierCall),
    endCarrierCall: bound(endCarrierCall),

    /** Subscribes to the user's hold, resume, transfer and end of a call; returns the unsubscribe. */
    onCallControl(listener: (event: CallControlEvent) => void): () => void {
      return ctx.control.subscribe(listener);
    },

    get: bound(getCall),
    activeCall: bound(activeCall),
    list: bound(listCalls),
    exportCsv: bound(exportCsv),
    stats: bound(callStats),
    deleteCall: bound(deleteCall),
    deleteCalls: bound(deleteCalls),
    deleteTestCalls: bound(deleteTestCalls),
    endIdleCalls: bound(endIdleCalls),
    /** AI Studio (issue 12 part 7): automation rules flag finished calls; figures from stored calls. */
    flag: bound(flagCall),
    performance: bound(performanceFigures),
    /** The enterprise dashboard's Analytics (issue 13 part 7). */
    figuresSince: bound(figuresSince),
  };
}

export type CallService = ReturnType<typeof callService>;
