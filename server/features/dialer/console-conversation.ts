import { CALL_NOT_CONNECTED, NOT_YOUR_CALL } from "../../../common/dialer";
import type { Account } from "../../domain/account";
import { Conflict, NotAllowed, notFound } from "../../domain/errors";
import { CALLEE_SCRIPT } from "../../providers/telephony/simulator";
import type { DialerContext } from "./context";

/**
 * A rep's call on the built-in carrier simulator, as the console plays it: the simulated callee
 * speaks the simulator's callee script one line a turn (the greeting when the rep is put through,
 * then a line after each thing the rep says) and hangs up after its last. Every line goes to the
 * call's transcript and out on /api/events, where the console shows it and speaks the callee's.
 * The rep's side is what they say from the console (a script step or their own words).
 */

export const CALLEE = "Callee";
export const REP = "Rep";
const GREETING_DELAY_MS = 800;
const DEFAULT_REPLY_MS = 1500;
const HANG_UP_AFTER_MS = 1500;

/** Timers per call in this process (the simulator carries its calls in this process too). */
const pending = new Map<string, NodeJS.Timeout>();

function later(callId: string, ms: number, work: () => Promise<void>, log: (error: unknown) => void) {
  const previous = pending.get(callId);
  if (previous) clearTimeout(previous);
  const timer = setTimeout(() => {
    pending.delete(callId);
    work().catch(log);
  }, ms);
  timer.unref();
  pending.set(callId, timer);
}

async function say(ctx: DialerContext, account: Account, callId: string, line: string): Promise<void> {
  await ctx.callWords?.append(account, callId, [line]);
  ctx.events?.publish(account.id, { type: "call.updated", callId, lines: [line] });
}

/** The callee's next line, and a hang-up after the last. */
async function calleeTurn(ctx: DialerContext, account: Account, callId: string): Promise<void> {
  const words = await ctx.callWords?.read(account, callId);
  if (!words?.isActive) return;
  const said = words.lines.filter((line) => line.startsWith(`${CALLEE}: `)).length;
  const next = CALLEE_SCRIPT[said];
  if (!next) return;
  await say(ctx, account, callId, `${CALLEE}: ${next.text}`);
  if (said + 1 >= CALLEE_SCRIPT.length && ctx.hangUp) {
    const hangUp = ctx.hangUp;
    later(
      callId,
      HANG_UP_AFTER_MS,
      () => hangUp(account, callId),
      () => {},
    );
  }
}

/** A rep was put through on a simulated line: the callee answers with their greeting. */
export function repConnected(ctx: DialerContext, account: Account, callId: string): void {
  later(
    callId,
    Math.min(GREETING_DELAY_MS, ctx.calleeDelayMs ?? GREETING_DELAY_MS),
    () => calleeTurn(ctx, account, callId),
    () => {},
  );
}

/** POST /api/autodialer/console/calls/:attemptId/say: the rep says something; the callee answers. */
export async function repSays(
  ctx: DialerContext,
  account: Account,
  attemptId: string,
  text: string,
): Promise<{ lines: string[] }> {
  const attempt = await ctx.repo.getAttempt(account.id, attemptId);
  if (!attempt) throw notFound("That call");
  if (attempt.agentUserId !== account.actor?.id) throw new NotAllowed(NOT_YOUR_CALL);
  if (attempt.state !== "connected" || !attempt.callId) throw new Conflict(CALL_NOT_CONNECTED);
  if (attempt.softphone) throw new Conflict("This call is on the softphone: talk into your headset");
  const callId = attempt.callId;
  const words = await ctx.callWords?.read(account, callId);
  if (!words?.isActive) throw new Conflict(CALL_NOT_CONNECTED);
  await say(ctx, account, callId, `${REP}: ${text}`);
  later(
    callId,
    ctx.calleeDelayMs ?? DEFAULT_REPLY_MS,
    () => calleeTurn(ctx, account, callId),
    () => {},
  );
  return { lines: [...words.lines, `${REP}: ${text}`] };
}
