import type { LimitKey } from "../../../common/billing";
import type { PlanDefinition } from "../../../common/plans";
import type { Db } from "../../db/client";
import { initialState, inspectNumber } from "../../engine";
import { asPersonality, replies } from "../../engine/respond";
import type { EventBus } from "../../events/bus";
import type { Account } from "../../http/account";
import { paymentRequired } from "../../http/errors";
import { aiSettingsRepository } from "../ai-settings/repository";
import type { BillingService } from "../billing/service";
import { callRepository } from "../calls/repository";
import { type CallService, engineAccount } from "../calls/service";
import { limitMessage, limitsReached, usageMonth } from "./limits";
import { usageRepository } from "./repository";

export type UsageDeps = { db: Db; billing: BillingService; events: EventBus; now?: () => Date };

/** A limit that stops the next call: minutes or screened calls (transcriptions stop only recordings). */
export type CallStop = { limit: LimitKey; plan: PlanDefinition; message: string };

export function usageService({ db, billing, now = () => new Date() }: UsageDeps) {
  const usage = usageRepository(db);

  async function reached(account: Account): Promise<{ plan: PlanDefinition; keys: LimitKey[] }> {
    const { plan } = await billing.current(account.id);
    const counters = await usage.month(account.id, usageMonth(now(), account.timezone));
    return { plan, keys: limitsReached(plan, counters) };
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
        throw paymentRequired(limitMessage("transcriptionLimit", plan));
    },

    /** What the assistant says to a caller it may not screen: the engine's limitReached reply. */
    async limitReply(account: Account): Promise<string> {
      const settings = await aiSettingsRepository(db).get(account.id);
      return replies({
        personality: asPersonality(settings.personality),
        owner: engineAccount(account, settings).ownerName,
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
export function withUsageLimits(calls: CallService, deps: UsageDeps & { usage: UsageService }): CallService {
  const { db, events, usage, now = () => new Date() } = deps;
  return {
    ...calls,

    async simulate(account, input) {
      const stop = await usage.callStop(account);
      if (!stop) return calls.simulate(account, input);
      const at = now();
      const reply = await usage.limitReply(account);
      const number = inspectNumber(input.phoneNumber, account.owner.cellphoneNumber);
      const state = {
        ...initialState(),
        stage: "ended" as const,
        actionTaken: "Not screened: monthly limit reached",
      };
      const row = await callRepository(db).insert(account.id, {
        phoneNumber: number.number,
        callerName: input.callerName || null,
        direction: "inbound",
        status: "missed",
        isActive: false,
        startTime: at,
        endTime: at,
        duration: 0,
        transcript: [`AI: ${reply}`, `System: Not screened. ${stop.message}`].join("\n"),
        aiResponse: reply,
        actionTaken: state.actionTaken,
        summary: `Not screened: the ${stop.plan.name} plan's monthly limit was reached.`,
        callType: "simulation",
        engineState: {
          state,
          facts: { ...number, inContacts: false, contactName: null, blocked: false },
        },
      });
      events.publish(account.id, { type: "call.started", callId: row.id });
      events.publish(account.id, { type: "call.ended", callId: row.id });
      return row;
    },

    async hear(account, callId, text, options) {
      if (options.transcribed) await usage.requireTranscription(account);
      return calls.hear(account, callId, text, options);
    },
  };
}
