import type { CallDirection } from "../../../common/agents";
import type { VoiceSettings } from "../../../common/scripts";
import type { Account } from "../../domain/account";
import type { TurnAnalysis, TurnResult } from "../../engine";
import type { CallBrief } from "../../engine/brief";
import type { AiSettingsRow } from "../ai-settings/service";
import type { CallScripts, ScriptForCall } from "../scripts/service";
import { type CallVoice, callVoice, TWILIO_VOICES } from "./call-assistant-voice";
import { callBrief } from "./call-brief";
import { chooseAgent, type RoutingChoice } from "./routing";
import type { AgentRow, AgentService, RoutingSnapshot } from "./service";
import { composeTurn, type TurnTransfer } from "./turn";

/**
 * What the calls area asks of the agents and scripts on every call (both directions, every entry
 * point): the agent for a turn (the one the call was placed with, else the routing's choice), the
 * call's brief (call-brief.ts: what the conversation engine is configured by), the transfer rules
 * and flows and the persona's manner on the engine's reply (turn.ts), how the call speaks, and the
 * agent's records.
 *
 * The calls area reads both cached sets once per piece of work with `view(workspaceId)`, before
 * any transaction (on the embedded database a read on the app's handle inside a caller's
 * transaction would wait for it forever), and then answers from that view without I/O.
 */

export type CallAssistantDeps = {
  scripts: {
    callScripts(workspaceId: string): Promise<CallScripts>;
    byId(workspaceId: string, id: string): Promise<ScriptForCall | undefined>;
  };
  agents: Pick<AgentService, "snapshot" | "recordTurn" | "recordEnd">;
};

export type AnswerTurnInput = {
  callId: string;
  text: string;
  direction: CallDirection;
  /** When the call started, and now (minutes on the call for the transfer rules). */
  startedAt: Date;
  at: Date;
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

/** Who answers a turn and with what: the routing's choice, the script, the brief the engine runs. */
export type TurnPlan = {
  routing: RoutingChoice<AgentRow>;
  script: ScriptForCall | null;
  brief: CallBrief;
  /** The call reached this agent with this turn (its introduction is said). */
  agentIsNew: boolean;
};

/** SSML prosody for a script's voice: speed 0.9 is "90%". */
export function speechOf(voice: VoiceSettings): VoiceSettings & { twilioVoice: string; rate: string } {
  return { ...voice, twilioVoice: TWILIO_VOICES[voice.voice], rate: `${Math.round(voice.speed * 100)}%` };
}

/** The scripts and the routing set as one piece of work reads them (both cached per workspace). */
export type AssistantSets = { scripts: CallScripts; snapshot: RoutingSnapshot };

export type PlanInput = {
  direction: CallDirection;
  /** The caller's words and their reading (routing); absent at the call's start. */
  text?: string | undefined;
  analysis?: Pick<TurnAnalysis, "classification" | "confidence"> | undefined;
  /** The extension the caller dialled, if any. */
  extension?: string | null | undefined;
  /** The agent the call was placed or put through with (it keeps the call). */
  placedAgentId?: string | null | undefined;
  /** The agent a previous turn chose, if any. */
  previousAgentId?: string | null | undefined;
  purpose?: string | null | undefined;
  /** The script the call was placed with (a satellite autodial's); absent: the direction's. */
  script?: ScriptForCall | null | undefined;
};

/** The agent for this turn: the call's own agent, else the routing's choice (which keeps a call's agent on weak words). */
function routeTurn(sets: AssistantSets, input: PlanInput): RoutingChoice<AgentRow> {
  const { snapshot } = sets;
  const placed = input.placedAgentId ? snapshot.agents.get(input.placedAgentId) : undefined;
  const none = {
    agent: null,
    reason: "No agent",
    confidence: 0,
    via: "none" as const,
    flow: null,
    rule: null,
    hits: [],
  };
  if (placed) {
    // The call was placed with this agent: it keeps the call, and the routing still finds flows.
    const routed = input.text
      ? chooseAgent(snapshot.prepared, {
          text: input.text,
          extension: input.extension ?? null,
          direction: input.direction,
          classification: input.analysis?.classification ?? "legitimate",
          classificationConfidence: input.analysis?.confidence ?? 0,
        })
      : none;
    return { ...routed, agent: placed, reason: `Placed with ${placed.name}`, confidence: 1 };
  }
  if (!input.text) {
    const previous = input.previousAgentId ? snapshot.agents.get(input.previousAgentId) : undefined;
    return previous
      ? { ...none, agent: previous, reason: `Continues with ${previous.name}`, confidence: 0.9 }
      : none;
  }
  const choice = chooseAgent(snapshot.prepared, {
    text: input.text,
    extension: input.extension ?? null,
    direction: input.direction,
    classification: input.analysis?.classification ?? "legitimate",
    classificationConfidence: input.analysis?.confidence ?? 0,
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

/** The plan of a turn (or of the call's opening, without words). Pure. */
export function planWith(
  sets: AssistantSets,
  account: Account,
  settings: AiSettingsRow,
  input: PlanInput,
): TurnPlan {
  const routing = routeTurn(sets, input);
  const script = input.script ?? sets.scripts[input.direction === "outbound" ? "outbound" : "inbound"];
  const agent = routing.agent;
  return {
    routing,
    script,
    brief: callBrief({
      account,
      settings,
      script,
      agent,
      direction: input.direction,
      purpose: input.purpose,
    }),
    agentIsNew: Boolean(input.text && agent && agent.id !== (input.previousAgentId ?? input.placedAgentId)),
  };
}

/** After the engine heard the caller: transfers, flows and the persona's manner (turn.ts). Pure. */
export function composeWith(
  account: Account,
  turn: TurnResult,
  plan: TurnPlan,
  input: AnswerTurnInput,
): AnsweredTurn {
  const { script, routing, brief } = plan;
  const agent = routing.agent;
  const composed = composeTurn({
    turn,
    text: input.text,
    script,
    routing,
    agentIsNew: plan.agentIsNew,
    replyIndex: Math.max(0, turn.state.turns - 1),
    inAppointmentExchange: input.stageBefore === "awaiting_time" || input.stageBefore === "offered_slot",
    minutesOnCall: Math.floor((input.at.getTime() - input.startedAt.getTime()) / 60_000),
    previewPhrases: false,
    ownerCell: account.owner.cellphoneNumber,
    allowAppointments: brief.appointments.enabled,
    names: {
      callerName: input.callerName,
      businessName: brief.persona.businessName,
      ownerName: brief.persona.ownerName,
    },
  });
  return {
    turn: composed.turn,
    agentId: agent?.id ?? null,
    agentName: agent?.name ?? null,
    routingReason: routing.reason,
    transfer: composed.transfer,
  };
}

/** One piece of work's view of the assistant: answers without I/O from the sets read once. */
export type AssistantView = AssistantSets & {
  plan(account: Account, settings: AiSettingsRow, input: PlanInput): TurnPlan;
  compose(account: Account, turn: TurnResult, plan: TurnPlan, input: AnswerTurnInput): AnsweredTurn;
  /** How the call speaks with this agent (null: the account's voice). */
  voice(direction: CallDirection, agentId: string | null): CallVoice | null;
  /** Whether the agent belongs to the workspace (a placed call's agent id is checked). */
  hasAgent(agentId: string): boolean;
};

export function assistantView(sets: AssistantSets): AssistantView {
  const agentOf = (agentId: string | null) => (agentId ? (sets.snapshot.agents.get(agentId) ?? null) : null);
  return {
    ...sets,
    plan: (account, settings, input) => planWith(sets, account, settings, input),
    compose: composeWith,
    voice: (direction, agentId) =>
      callVoice(sets.scripts[direction === "outbound" ? "outbound" : "inbound"], agentOf(agentId)),
    hasAgent: (agentId) => sets.snapshot.agents.has(agentId),
  };
}

export function callAssistant(deps: CallAssistantDeps) {
  const { scripts, agents } = deps;
  const sets = async (workspaceId: string): Promise<AssistantSets> => {
    const [byDirection, snapshot] = await Promise.all([
      scripts.callScripts(workspaceId),
      agents.snapshot(workspaceId),
    ]);
    return { scripts: byDirection, snapshot };
  };
  return {
    /** Both cached sets, read once (no query once warm), as one piece of work's view. */
    async view(workspaceId: string): Promise<AssistantView> {
      return assistantView(await sets(workspaceId));
    },

    /** A script of the workspace by id (a call placed with its own script), or null. */
    async script(workspaceId: string, id: string): Promise<ScriptForCall | null> {
      return (await scripts.byId(workspaceId, id)) ?? null;
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
