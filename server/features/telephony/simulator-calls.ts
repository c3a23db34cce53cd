import type { Account } from "../../domain/account";
import { callerLine, carriedByDeadProcess } from "../../providers/telephony/simulator";
import { ensureSimulatorNumber } from "./connection";
import type { TelephonyContext } from "./context";
import { toE164 } from "./phone-numbers";
import { WEBHOOK_PATHS } from "./twiml";

/** A simulated incoming call to the account's simulator number, the caller speaking `script`. */
export async function simulateInbound(
  ctx: TelephonyContext,
  account: Account,
  input: { from: string; callerName?: string | undefined; script: string[] },
) {
  const to = await ensureSimulatorNumber(ctx, account.id);
  // The number's own webhooks when the business phone system routes it, else the assistant's.
  const hooks = (await ctx.repo.routeNumber(to))?.number;
  const callSid = ctx.carriers.simulator.ringInbound({
    from: toE164(input.from),
    to,
    callerName: input.callerName,
    // "press 2" is a key press (the business phone system's extensions).
    party: { script: input.script.map((text) => callerLine(text, 2500)) },
    voiceUrl: hooks?.voiceUrl ?? WEBHOOK_PATHS.voice,
    statusCallback: hooks?.statusCallbackUrl ?? WEBHOOK_PATHS.status,
    ringMs: 1000,
  });
  return { callSid, to };
}

/**
 * The built-in carrier lives in its process, so the calls it was carrying when the process
 * died were cut off with it; left live, they would hold the plan's lines until the idle sweep.
 * Run at start. On the embedded database this process is the only server: every live simulated
 * call it is not carrying ends, as a carrier reports a dropped call. On a shared PostgreSQL
 * other servers may be carrying theirs: only calls whose SID names a dead process on this host
 * end (carriedByDeadProcess).
 */
export async function endCallsCutOffByRestart(ctx: TelephonyContext, onlyServer: boolean): Promise<number> {
  const live = await ctx.calls.liveOfTypesAnywhere(["simulator", "system_test"]);
  let ended = 0;
  for (const call of live) {
    const sid = call.providerCallSid;
    const cutOff = onlyServer
      ? !(sid && ctx.carriers.simulator.isCarrying(sid))
      : Boolean(sid && carriedByDeadProcess(sid));
    if (!cutOff) continue;
    const account = await ctx.accounts.load(call.workspaceId);
    if (!account) continue;
    await ctx.calls.endCarrierCall(account, call.id, {
      status: "failed",
      line: "System: The call was cut off when the server restarted",
    });
    // The autodialer ends the attempt the call carried, as the carrier's report would.
    if (ctx.dialer) {
      const row = await ctx.calls.findForCarrier(undefined, call.id);
      if (row?.dialKey) await ctx.dialer.ended(account, row, "failed");
    }
    ended++;
  }
  return ended;
}
