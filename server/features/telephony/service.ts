import type { Account } from "../../domain/account";
import { businessLines } from "./business-lines";
import { cancelRinging } from "./commands/cancel-ringing";
import { placeOutbound } from "./commands/place-outbound";
import {
  chooseTwilioNumber,
  connectTwilio,
  disconnectTwilio,
  ensureSimulatorNumber,
  telephonyState,
  testTwilio,
} from "./connection";
import { type TelephonyContext, type TelephonyDeps, telephonyContext } from "./context";
import { followCallControls } from "./live-control";
import { enforceDialGate } from "./outbound-gate";
import { presentActiveCall } from "./presenter";
import { endCallsCutOffByRestart, simulateInbound } from "./simulator-calls";
import { webhooks } from "./webhooks";

export { PHONE_CALL_TYPES, type TelephonyDeps, type WebhookRequest } from "./context";
export { toE164 } from "./phone-numbers";

/**
 * The telephony area, assembled: the phone-service settings (connection.ts), the carrier's
 * webhooks and the TwiML conversation (webhooks.ts, turns.ts, commands/answer-inbound.ts),
 * outbound calls (commands/place-outbound.ts), the user's controls on live calls
 * (live-control.ts) and the built-in simulator (carriers.ts, simulator-calls.ts). Each takes
 * the area's context first; this binds it.
 */
export function telephonyService(deps: TelephonyDeps) {
  const ctx = telephonyContext(deps);
  const bound =
    <A extends unknown[], R>(work: (context: TelephonyContext, ...args: A) => R) =>
    (...args: A): R =>
      work(ctx, ...args);
  const unsubscribe = followCallControls(ctx);

  return {
    simulator: ctx.carriers.simulator,
    ensureSimulatorNumber: bound(ensureSimulatorNumber),
    state: bound(telephonyState),
    connectTwilio: bound(connectTwilio),
    chooseTwilioNumber: bound(chooseTwilioNumber),
    disconnectTwilio: bound(disconnectTwilio),
    testTwilio: bound(testTwilio),
    simulateInbound: bound(simulateInbound),
    placeOutbound: bound(placeOutbound),
    /**
     * The dial gate's answer for a number now, without dialling (throws DialRefused): for a path
     * that writes something of its own before the call is placed (a dialer attempt, a phone
     * system call row), so a refused call leaves nothing behind. Placing the call asks again.
     */
    checkDial: bound(enforceDialGate),
    cancelRinging: bound(cancelRinging),

    /**
     * The workspace's Twilio account for the browser softphone (conferences, an API key, a TwiML
     * app) and its number, or null when it has no Twilio connection.
     */
    async conferenceCarrier(account: Account) {
      const connection = await ctx.repo.connection(account.id);
      if (!connection) return null;
      const number =
        (await ctx.repo.numbers(account.id)).find((n) => n.provider === "twilio")?.number ?? null;
      return { carrier: ctx.carriers.conferencesFor(connection), phoneNumber: number };
    },

    /** The account's live carrier calls, for the active-calls list. */
    async activeCalls(account: Account, at: Date) {
      const rows = await ctx.calls.liveCarrierCalls(account);
      return rows.map((row) => presentActiveCall(row, at));
    },

    // The webhooks (public routes; each proves itself with the account's signature).
    ...webhooks(ctx),
    // The business phone system's numbers: proofs, routing hooks, legs, recordings.
    ...businessLines(ctx),

    prune: (before: Date) => ctx.repo.pruneWebhookEvents(before),
    endCallsCutOffByRestart: bound(endCallsCutOffByRestart),

    close(): void {
      unsubscribe();
      ctx.carriers.simulator.stop();
    },
  };
}

export type TelephonyService = ReturnType<typeof telephonyService>;
