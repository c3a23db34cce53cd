import type { CallDisposition } from "../../../../common/calls";
import type { Db } from "../../../db/client";
import type { Account } from "../../../domain/account";
import { recordAiCallOutcome } from "../ai-call-outcomes";
import { callAnswered, callEnded, type LineCall } from "./answer";
import { type DialerRuntimeDeps, runtimeContext } from "./context";
import { runTick, type TickReport } from "./tick";

export type { DialerRuntimeDeps } from "./context";
export type { TickReport } from "./tick";

/**
 * The autodialer's runtime: the tick the jobs queue runs (jobs/kinds/dialer-tick.ts)
 * and the hooks telephony's webhooks call on the dialer's own calls. Modules, each one job:
 * - `tick.ts`: pacing per campaign, the claim, the dials;
 * - `gate.ts` and `dial.ts`: the dial-time gate and placing the call under its dial key;
 * - `answer.ts`: a person or a machine answered (the 2-second rule, the safe-harbor message,
 *   voicemail, AI agents), and the call's end;
 * - `recovery.ts`: attempts a dead process left behind;
 * - `attempts-repository.ts`: the runtime's SQL, set-based across campaigns.
 */
export function dialerRuntime(deps: DialerRuntimeDeps) {
  const ctx = runtimeContext(deps);
  return {
    tick: (): Promise<TickReport> => runTick(ctx),
    answered: (account: Account, call: LineCall, answeredBy: string | null) =>
      callAnswered(ctx, account, call, answeredBy),
    ended: (account: Account, call: LineCall, status: string) => callEnded(ctx, account, call, status),
    /** An AI agent's call came to an outcome: its attempt and lead take it (in the call's transaction). */
    callOutcomeIn: (
      tx: Db,
      workspaceId: string,
      callId: string,
      outcome: { disposition: CallDisposition; callbackAt: Date | null },
    ) => recordAiCallOutcome(tx, workspaceId, callId, outcome, ctx.now()),
  };
}

export type DialerRuntime = ReturnType<typeof dialerRuntime>;
