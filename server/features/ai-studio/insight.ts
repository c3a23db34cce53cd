import {
  type ConversationAnalysis,
  PERFORMANCE_WINDOWS,
  type PerformanceMetrics,
} from "../../../common/ai-studio";
import type { Account } from "../../domain/account";
import { type CallerFacts, CallSession, type EnginePorts, initialState } from "../../engine";
import { engineAccount } from "../calls/service";
import { answerWithFlow } from "./ai-flows";
import type { AiStudioContext } from "./context";

/**
 * The AI Intelligence and Performance tabs: a message read by the engine as
 * a caller's first words, and figures counted from the workspace's stored calls.
 */

/** A caller the assistant knows nothing about: no number facts weigh on the reading. */
const UNKNOWN_CALLER: CallerFacts = {
  number: "",
  withheld: false,
  malformed: false,
  spoofedLooking: false,
  inContacts: false,
  contactName: null,
  blocked: false,
};

/**
 * POST /api/ai-studio/analyze-conversation: the message classified by the engine (the local AI,
 * or the language model when one is configured), and the reply the assistant would give a
 * caller who said it first on a call now, with the workspace's settings and AI flows. Nothing is
 * booked or changed: the engine's appointment writes are a dry run here.
 */
export async function analyzeConversation(
  ctx: AiStudioContext,
  account: Account,
  message: string,
): Promise<ConversationAnalysis> {
  const at = ctx.now();
  const understood = await ctx.understand(message, UNKNOWN_CALLER);
  const settings = await ctx.settings.row(account.id);
  const engine = engineAccount(account, settings);
  const caller = { id: "", callerName: null, phoneNumber: "" };
  const reads = ctx.appointments.enginePorts(ctx.db, account.id, caller).ports;
  const dryRun: EnginePorts = {
    busyIntervals: reads.busyIntervals,
    upcomingAppointment: async () => null,
    bookAppointment: async () => ({ id: "analysis" }),
    cancelAppointment: async () => {},
    moveAppointment: async () => {},
  };
  const session = new CallSession(engine, caller, async () => ({ ...understood }), dryRun, initialState());
  const engineTurn = await session.hear(message, at);
  const { turn, match } = await answerWithFlow(ctx, ctx.db, account, engineTurn, {
    text: message,
    callerName: null,
    phoneNumber: "",
    inContacts: false,
    engine,
    at,
    stageBefore: "screening",
  });
  return {
    sentiment: understood.sentiment,
    intent: understood.intent,
    urgency: clamp(understood.urgency),
    confidence: clamp(understood.confidence),
    recommendedResponse: turn.reply ?? "",
    classification: understood.classification,
    signals: understood.signals.slice(0, 6),
    flow: match ? { id: match.flowId, name: match.name } : null,
    source: understood.source ?? "local",
  };
}

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));

/**
 * GET /api/ai-studio/performance-metrics over the last 7 and 30 days. The assistant's response
 * time per turn is not stored for calls, so no response-time figure is given (said in notShown).
 */
export async function performanceMetrics(
  ctx: AiStudioContext,
  account: Account,
): Promise<PerformanceMetrics> {
  const windows = await Promise.all(PERFORMANCE_WINDOWS.map((days) => ctx.calls.performance(account, days)));
  return {
    windows,
    notShown: [
      "Response time: how long the assistant took to answer each turn is not stored with calls, so it is not shown.",
    ],
    computedAt: ctx.now().toISOString(),
  };
}
