import type { LimitKey } from "../../../common/billing";
import type { PlanDefinition } from "../../../common/plans";
import type { Account } from "../../domain/account";
import { LimitReached } from "../../domain/errors";
import { asPersonality, replies } from "../../engine/respond";
import type { AiSettingsService } from "../ai-settings/service";
import type { BillingService } from "../billing/service";
import { type CallService, engineAccount } from "../calls/service";
import type { UsageCountersService } from "./counters";
import { limitMessage, limitsReached, usageMonth } from "./limits";

export type UsageDeps = {
  billing: Pick<BillingService, "current">;
  counters: UsageCountersService;
  settings: Pick<AiSettingsService, "row">;
  now?: () => Date;
};

/** A limit that stops the next call: minutes or screened calls (transcriptions stop only recordings). */
export type CallStop = { limit: LimitKey; plan: PlanDefinition; message: string };

/** The plan's monthly limits: asked before a call is screened and before speech is transcribed. */
export function usageService({ billing, counters, settings, now = () => new Date() }: UsageDeps) {
  async function reached(account: Account): Promise<{ plan: PlanDefinition; keys: LimitKey[] }> {
    const { plan } = await billing.current(account.id);
    const used = await counters.month(account.id, usageMonth(now(), account.timezone));
    return { plan, keys: limitsReached(plan, used) };
  }

  return {
    /**
     * Whether the plan's monthly minutes or screened calls are used up: such a call is answered
     * with a short apology and not screened. Telephony adapters ask this before starting the engine.
     */
    async callStop(account: Account): Promise<CallStop | null> {
      const { plan, keys } = await reached(account);
      const limit = keys.find((key) => key !== "transcriptionLimit");
      return limit ? { limit, plan, message: limitMessage(limit, plan) } : null;
    },

    /** 402 when recorded speech may not be transcribed any more this month (typed text still works). */
    async requireTranscription(account: Account): Promise<void> {
      const { plan, keys } = await reached(account);
      if (keys.includes("transcriptionLimit"))
        throw new LimitReached(limitMessage("transcriptionLimit", plan));
    },

    /** What the assistant says to a caller it may not screen: the engine's limitReached reply. */
    async limitReply(account: Account): Promise<string> {
      const row = await settings.row(account.id);
      return replies({
        personality: asPersonality(row.personality),
        owner: engineAccount(account, row).ownerName,
      }).limitReached();
    },
  };
}

export type UsageService = ReturnType<typeof usageService>;

/**
 * The call service with the plan's monthly limits in front of it. Past the minutes or the
 * screened calls, a new call is answered with the engine's limitReached reply and ended at once,
 * not screened and not counted; the transcript's System line tells the user why. Past the
 * transcriptions, a recorded turn is refused (402) and typed text still works. A call already in
 * progress when a limit is reached runs to its end.
 */
export function withUsageLimits(calls: CallService, usage: UsageService): CallService {
  return {
    ...calls,

    async simulate(account, input) {
      const stop = await usage.callStop(account);
      if (!stop) return calls.simulate(account, input);
      return calls.recordUnscreened(account, {
        phoneNumber: input.phoneNumber,
        callerName: input.callerName || null,
        reply: await usage.limitReply(account),
        reason: stop.message,
        planName: stop.plan.name,
      });
    },

    async hear(account, callId, text, options) {
      if (options.transcribed) await usage.requireTranscription(account);
      return calls.hear(account, callId, text, options);
    },
  };
}
