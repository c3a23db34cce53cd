import type { CallDirection } from "../../../common/agents";
import type { VoiceSettings } from "../../../common/scripts";
import type { EngineSettings, TurnResult } from "../../engine";
import type { Account } from "../../http/account";
import type { ScriptForCall } from "../scripts/service";
import { type CallVoice, callVoice, TWILIO_VOICES } from "./call-assistant-voice";
import { chooseAgent, type RoutingChoice } from "./routing";
import type { AgentRow, AgentService, RoutingSnapshot } from "./service";
import { composeTurn, type TurnTransfer } from "./turn";

/**
 * The ports the call's turn flow calls (issue 12 part 2): the default script greets, sets the
 * engine's manner and voice, routes each caller turn to an agent, transfers by its rules and
 * reshapes the reply; the agent that handled the call is recorded, and its success counted
 * when the call ends. The calls area keeps its own reads and writes: these take the workspace
 * and the engine's turn, and give back what to store and say.
 *
 * How the turn flow uses them (server/features/calls):
 * - start of a call: `opening(workspaceId)`: a greeting (null: the settings' greeting stays)
 *   and the voice (null: the account's voice stays);
 * - each turn: build the CallSession with `engineSettings(workspaceId, settings, agentId)`,
 *   let it hear the caller, then `answerTurn(account, turn, {...})` and store/say what it gives
 *   back (its `turn.call.forwardTo` is the transfer, as the engine's own forwarding is), and keep
 *   `agentId` for the next turn (stored with the call's engine state);
 * - after the turn is answered (off the caller's path): `recordTurn(...)`;
 * - when the call ends: `callEnded(workspaceId, callId, ...)`.
 *
 * The calls area reads both cached sets once per turn with `view(workspaceId)`, before any
 * transaction (on the embedded database a read on the app's handle inside a caller's
 * transaction would wait for it forever), and then answers from that view without I/O:
 * `view.engineSettings`, `view.answerTurn`, `view.voice` (call-assistant-voice.ts).
 */

export type CallAssistantDeps = {
  scripts: { forCall(workspaceId: string): Promise<ScriptForCall | null> };
  agents: Pick<AgentService, "snapshot" | "recordTurn" | "recordEnd">;
};

export type CallOpening = {
  /** The default script's opening message; null: no default script (the settings' greeting). */
  greeting: string | null;
  /** How the calls speak: the script's voice, speed and pitch; null without a default script. */
  voice: (VoiceSettings & { twilioVoice: string; rate: string }) | null;
  scriptId: string | null;
};

export type AnswerTurnInput = {
  callId: string;
  text: string;
  direction: CallDirection;
  /** The extension the caller dialled, if any. */
  extension?: string | null | undefined;
  /** When the call started, and now (minutes on the call for the transfer rules). */
  startedAt: Date;
  at: Date;
  /** The agent a previous turn chose (stored with the call), if any. */
  previousAgentId: string | null;
  /** The engine's stage before this turn ("awaiting_time" keeps its question). */
  stageBefore: string;
  callerName: string | null;
};

export type AnsweredTurn = {
  turn: TurnResult;
  /** The agent that answered (keep it for the next turn), or null: the assistant. */
  agentId: string | null;
  agentName: string | null;
  routingReason: string;
  transfer: TurnTransfer | null;
};

/** SSML prosody for a script's voice: speed 0.9 is "90%". */
export function speechOf(voice: VoiceSettings): VoiceSettings & { twilioVoice: string; rate: string } {
  return { ...voice, twilioVoice: TWILIO_VOICES[voice.voice], rate: `${Math.round(voice.speed * 100)}%` };
}

/** The engine's settings for a call under the default script and the routed agent. */
export function engineSettingsFor(
  settings: EngineSettings,
  script: ScriptForCall | null,
  agent: Pick<AgentRow, "voice"> | null,
): EngineSettings {
  return {
    ...settings,
    personality: agent?.voice ?? script?.personalityTraits.tone ?? settings.personality,
    greetingMessage: script?.openingMessage ?? settings.greetingMessage,
    allowAppointments: script ? script.appointmentSettings.enabled : settings.allowAppointments,
    appointmentDuration: script?.appointmentSettings.durationMinutes ?? settings.appointmentDuration,
    bufferMinutes: script?.appointmentSettings.bufferMinutes ?? settings.bufferMinutes,
  };
}

/**
 * What a language model, when one is configured, is told about the business besides the
 * caller's words: the script's purpose, rules and manner, and the agent's.
 */
export function promptContext(script: ScriptForCall | null, agent: AgentRow | null): string[] {
  const lines: string[] = [];
  if (script) {
    const t = script.personalityTraits;
    lines.push(`The business's ${script.scriptType} script "${script.name}" applies.`);
    if (script.businessRules.length) lines.push(`Business rules: ${script.businessRules.join(" ")}`);
    lines.push(`Speak in a ${t.tone} tone (empathy ${t.empathy}/10, formality ${t.formality}/10).`);
    if (script.transferRules.keywords.length)
      lines.push(
        `These words mean the caller must be put through to a person: ${script.transferRules.keywords.join(", ")}.`,
      );
  }
  if (agent) {
    lines.push(`The caller is speaking with ${agent.name}, a ${agent.specialization} agent.`);
    if (agent.purpose) lines.push(`${agent.name}'s purpose: ${agent.purpose}`);
    if (agent.personality) lines.push(`${agent.name}'s personality: ${agent.personality}`);
    if (agent.knowledgeBase) lines.push(`What ${agent.name} knows: ${agent.knowledgeBase}`);
    if (agent.objectionHandling) lines.push(`Objections: ${agent.objectionHandling}`);
    if (agent.salesTechniques) lines.push(`Sales techniques: ${agent.salesTechniques}`);
    if (agent.conversationStyle) lines.push(`Style: ${agent.conversationStyle}`);
  }
  return lines;
}

/** The default script and the routing set as one turn reads them (both cached per workspace). */
export type AssistantSets = { script: ScriptForCall | null; snapshot: RoutingSnapshot };

/** The agent for this turn: the routing's choice, or the call's agent when the words name nobody. */
function routeTurn(sets: AssistantSets, turn: TurnResult, input: AnswerTurnInput): RoutingChoice<AgentRow> {
  const { snapshot } = sets;
  const choice = chooseAgent(snapshot.prepared, {
    text: input.text,
    extension: input.extension ?? null,
    direction: input.direction,
    classification: turn.analysis.classification,
    classificationConfidence: turn.analysis.confidence,
  });
  let routing: RoutingChoice<AgentRow> = {
    ...choice,
    agent: choice.agent ? (snapshot.agents.get(choice.agent.id) ?? null) : null,
  };
  const previous = input.previousAgentId ? snapshot.agents.get(input.previousAgentId) : undefined;
  const weak = routing.via === "specialization" || routing.via === "general" || routing.via === "none";
  if (weak && previous && previous.status === "active")
    routing = { ...routing, agent: previous, reason: `Continues with ${previous.name}`, confidence: 0.9 };
  return routing;
}

/**
 * After the engine heard the caller: the agent for these words (an agent keeps the call when the
 * words name nobody), the transfer rules, and the reply as the script and agent say it. Pure.
 */
export function answerTurnWith(
  sets: AssistantSets,
  account: Account,
  turn: TurnResult,
  input: AnswerTurnInput,
): AnsweredTurn {
  const { script } = sets;
  const routing = routeTurn(sets, turn, input);
  const agent = routing.agent;
  const firstName = account.owner.fullName?.trim().split(/\s+/)[0];
  const ownerName = account.companyName || firstName || "the person you're calling";
  const composed = composeTurn({
    turn,
    text: input.text,
    script,
    routing,
    agentIsNew: Boolean(agent && agent.id !== input.previousAgentId),
    replyIndex: Math.max(0, turn.state.turns - 1),
    inAppointmentExchange: input.stageBefore === "awaiting_time" || input.stageBefore === "offered_slot",
    minutesOnCall: Math.floor((input.at.getTime() - input.startedAt.getTime()) / 60_000),
    previewPhrases: false,
    ownerCell: account.owner.cellphoneNumber,
    allowAppointments: script ? script.appointmentSettings.enabled : true,
    names: { callerName: input.callerName, businessName: ownerName, ownerName },
  });
  return {
    turn: composed.turn,
    agentId: agent?.id ?? null,
    agentName: agent?.name ?? null,
    routingReason: routing.reason,
    transfer: composed.transfer,
  };
}

/** One turn's view of the assistant: answers without I/O from the sets read once. */
export type AssistantView = AssistantSets & {
  /** The default script's opening; null: the settings' greeting stays. */
  greeting: string | null;
  engineSettings(settings: EngineSettings, agentId: string | null): EngineSettings;
  answerTurn(account: Account, turn: TurnResult, input: AnswerTurnInput): AnsweredTurn;
  /** How the call speaks with this agent (null: the account's voice, as before scripts). */
  voice(agentId: string | null): CallVoice | null;
  /** What a configured language model is told about the business and the call's agent. */
  promptContext(agentId: string | null): string[];
};

export function assistantView(sets: AssistantSets): AssistantView {
  const agentOf = (agentId: string | null) => (agentId ? (sets.snapshot.agents.get(agentId) ?? null) : null);
  return {
    ...sets,
    greeting: sets.script?.openingMessage ?? null,
    engineSettings: (settings, agentId) => engineSettingsFor(settings, sets.script, agentOf(agentId)),
    answerTurn: (account, turn, input) => answerTurnWith(sets, account, turn, input),
    voice: (agentId) => callVoice(sets.script, agentOf(agentId)),
    promptContext: (agentId) => promptContext(sets.script, agentOf(agentId)),
  };
}

export function callAssistant(deps: CallAssistantDeps) {
  const { scripts, agents } = deps;
  const sets = async (workspaceId: string): Promise<AssistantSets> => {
    const [script, snapshot] = await Promise.all([
      scripts.forCall(workspaceId),
      agents.snapshot(workspaceId),
    ]);
    return { script, snapshot };
  };
  return {
    /** Both cached sets, read once (no query once warm), as one turn's view. */
    async view(workspaceId: string): Promise<AssistantView> {
      return assistantView(await sets(workspaceId));
    },

    async opening(workspaceId: string): Promise<CallOpening> {
      const script = await scripts.forCall(workspaceId);
      return {
        greeting: script?.openingMessage ?? null,
        voice: script ? speechOf(script.voiceSettings) : null,
        scriptId: script?.id ?? null,
      };
    },

    async engineSettings(
      workspaceId: string,
      settings: EngineSettings,
      agentId?: string | null,
    ): Promise<EngineSettings> {
      return assistantView(await sets(workspaceId)).engineSettings(settings, agentId ?? null);
    },

    /** answerTurn of a fresh view (see answerTurnWith); reads only cached sets. */
    async answerTurn(account: Account, turn: TurnResult, input: AnswerTurnInput): Promise<AnsweredTurn> {
      return answerTurnWith(await sets(account.id), account, turn, input);
    },

    /** Records which agent answered this turn of a call (a write: call it after answering). */
    async recordTurn(
      workspaceId: string,
      answered: AnsweredTurn,
      input: { callId: string; responseMs: number },
    ): Promise<void> {
      if (!answered.agentId) return;
      await agents.recordTurn(workspaceId, {
        callId: input.callId,
        agentId: answered.agentId,
        routingReason: answered.routingReason,
        classification: answered.turn.call.classification,
        sentiment: answered.turn.analysis.sentiment,
        transferred: answered.turn.call.forwardTo !== null,
        appointmentBooked: answered.turn.analysis.appointment !== null,
        responseMs: input.responseMs,
      });
    },

    /**
     * A call ended: its agent's call counts as a success when it ended as the assistant meant it
     * to (completed, transferred or screened out as spam) and the caller was not left upset.
     */
    async callEnded(
      workspaceId: string,
      callId: string,
      end: {
        status: string;
        classification: string | null;
        lastSentiment: string | null;
        transferred: boolean;
      },
    ): Promise<void> {
      const endedWell = end.status === "completed" || end.status === "blocked" || end.transferred;
      await agents.recordEnd(workspaceId, callId, {
        successful: endedWell && end.lastSentiment !== "negative",
        classification: end.classification,
        transferred: end.transferred,
      });
    },
  };
}

export type CallAssistant = ReturnType<typeof callAssistant>;
