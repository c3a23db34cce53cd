import {
  AGENT_NOT_FOUND,
  type AgentSpecialization,
  type CallDirection,
  type NextAction,
} from "../../../common/agents";
import type { Classification } from "../../../common/calls";
import { SCRIPT_NOT_FOUND } from "../../../common/scripts";
import type { Account } from "../../domain/account";
import { NotFound } from "../../domain/errors";
import {
  type CallerFacts,
  Conversation,
  type ConversationModel,
  type EngineState,
  initialState,
  inspectNumber,
  type TurnAnalysis,
} from "../../engine";
import type { Interval } from "../../engine/schedule";
import type { AiSettingsRow } from "../ai-settings/service";
import type { CallScripts, ScriptForCall } from "../scripts/service";
import { refreshingCache } from "./cache";
import { callBrief, promptContext } from "./call-brief";
import { askedForReason, type RoutingChoice } from "./routing";
import type { AgentRow, AgentService } from "./service";
import { composeTurn, type TurnTransfer } from "./turn";

/**
 * A conversation with the workspace's assistant as its default script and its agents would hold
 * it, through the real engine: each caller turn is understood (the local AI,
 * or the language model when one is configured), routed to an agent, answered by the engine's
 * CallSession under the script's and agent's settings, reshaped by the reply composer
 * (reply.ts), and checked against the transfer rules (transfer.ts). Nothing is written: the
 * conversation test and the agent test suites run it as a preview (a booking is not made).
 */

export type Understand = (text: string, facts: CallerFacts, business?: string[]) => Promise<TurnAnalysis>;

export type ConversationDeps = {
  settings: { row(workspaceId: string): Promise<AiSettingsRow> };
  scripts: {
    callScripts(workspaceId: string): Promise<CallScripts>;
    byId(workspaceId: string, id: string): Promise<ScriptForCall | undefined>;
  };
  agents: Pick<AgentService, "route" | "snapshot">;
  /** The workspace's booked times (a preview reads the calendar, never writes it). */
  busyIntervals(workspaceId: string, from: Date, to: Date): Promise<Interval[]>;
  understand: Understand;
  /** A configured language model answering through the engine's tools, as on a call. */
  conversationModel?: ConversationModel | null | undefined;
  now?: () => Date;
};

export type DialogueOptions = {
  phoneNumber: string;
  direction: CallDirection;
  extension?: string | null | undefined;
  /** A script by id; absent: the workspace's default script (or none). */
  scriptId?: string | null | undefined;
  /** Ask this agent (id, name or specialization) instead of routing. */
  agentType?: string | null | undefined;
  /** Speak to this agent of the workspace, active or not (testing an agent before it goes live). */
  agentId?: string | null | undefined;
  /** The spec's preview phrases (enterprise-level, ...) transfer too. */
  previewPhrases?: boolean;
};

export type DialogueTransfer = TurnTransfer;

export type DialogueTurn = {
  agent: AgentRow | null;
  routing: Omit<RoutingChoice<AgentRow>, "agent">;
  analysis: TurnAnalysis;
  reply: string | null;
  nextAction: NextAction;
  /** The call's classification after this turn. */
  classification: Classification;
  transfer: DialogueTransfer | null;
  ended: boolean;
};

const BUSY_CACHE_MS = 5_000;
const BUSY_BEFORE_MS = 24 * 60 * 60_000;
const BUSY_AFTER_MS = 62 * 24 * 60 * 60_000;

/**
 * The calendar as a preview reads it: the workspace's booked times from yesterday to two months
 * ahead, read at most every few seconds and shared by the previews that ask together (a preview
 * may be a few seconds behind a booking; a call's own turn reads the calendar itself). A window
 * outside that range is read directly.
 */
export function cachedBusy(
  read: (workspaceId: string, from: Date, to: Date) => Promise<Interval[]>,
  now: () => Date = () => new Date(),
): (workspaceId: string, from: Date, to: Date) => Promise<Interval[]> {
  const cache = refreshingCache(async (workspaceId) => {
    const at = now().getTime();
    const window = { from: at - BUSY_BEFORE_MS, to: at + BUSY_AFTER_MS };
    return { ...window, intervals: await read(workspaceId, new Date(window.from), new Date(window.to)) };
  }, BUSY_CACHE_MS);
  return async (workspaceId, from, to) => {
    const hit = await cache.get(workspaceId);
    if (from.getTime() < hit.from || to.getTime() > hit.to) return read(workspaceId, from, to);
    return hit.intervals.filter((interval) => interval.start < to && interval.end > from);
  };
}

/** The assistant's name when no agent answers. */
export const ASSISTANT = {
  name: "AI Assistant",
  specialization: "general" as AgentSpecialization | "general",
};

function pickAgent(agents: Iterable<AgentRow>, wanted: string): AgentRow | null {
  const key = wanted.trim().toLowerCase();
  const active = [...agents].filter((agent) => agent.status === "active");
  return (
    active.find((agent) => agent.id === wanted) ??
    active.find((agent) => agent.name.toLowerCase() === key) ??
    active.find((agent) => agent.specialization === key) ??
    active.find((agent) => agent.extension === key) ??
    null
  );
}

/** Starts a conversation for the workspace; each `hear` is one caller turn. */
export async function openDialogue(deps: ConversationDeps, account: Account, options: DialogueOptions) {
  const now = deps.now ?? (() => new Date());
  const direction = options.direction === "outbound" ? "outbound" : "inbound";
  const [settings, script] = await Promise.all([
    deps.settings.row(account.id),
    options.scriptId
      ? deps.scripts.byId(account.id, options.scriptId)
      : deps.scripts.callScripts(account.id).then((scripts) => scripts[direction]),
  ]);
  if (options.scriptId && !script) throw new NotFound(SCRIPT_NOT_FOUND);
  const briefFor = (agent: AgentRow | null) =>
    callBrief({ account, settings, script: script ?? null, agent, direction: options.direction });
  const facts: CallerFacts = {
    ...inspectNumber(options.phoneNumber, account.owner.cellphoneNumber),
    inContacts: false,
    contactName: null,
    blocked: false,
  };
  const snapshot = await deps.agents.snapshot(account.id);
  const chosen = options.agentId
    ? (snapshot.agents.get(options.agentId) ?? null)
    : options.agentType
      ? pickAgent(snapshot.agents.values(), options.agentType)
      : null;
  if (options.agentId && !chosen) throw new NotFound(AGENT_NOT_FOUND);

  let state: EngineState = initialState();
  // A chosen agent has the call from its start: its opening introduced it.
  let current: AgentRow | null = chosen;
  let replies = 0;
  let transferred = false;
  const startedAt = now();
  const ports = {
    busyIntervals: (from: Date, to: Date) => deps.busyIntervals(account.id, from, to),
    // A preview: the assistant says it booked, nothing is written.
    bookAppointment: async () => ({ id: "preview" }),
    upcomingAppointment: async () => null,
    cancelAppointment: async () => {},
    moveAppointment: async () => {},
  };

  // The preview's transcript so far, which a language model reads as a call's.
  const history: string[] = [];
  const model = deps.conversationModel ?? null;
  const conversationWith = (agent: AgentRow | null, analysis: TurnAnalysis | null) => {
    const brief = briefFor(agent);
    return new Conversation(
      brief,
      { phoneNumber: facts.number, callerName: null, startedAt, history: [...history] },
      async () => {
        if (!analysis) throw new Error("no turn before the opening");
        return analysis;
      },
      ports,
      state,
      model,
      model ? promptContext(brief) : [],
    );
  };
  // The opening, said once, as on a call: the chosen agent's, else the script's or the settings'.
  const opening = conversationWith(chosen, null).opening();
  history.push(`AI: ${opening}`);

  return {
    script,
    /** What the caller hears first, from the same engine as a call's opening. */
    greeting(): string {
      return opening;
    },

    get transferred() {
      return transferred;
    },

    async hear(text: string, options2: { minutesOnCall?: number } = {}): Promise<DialogueTurn> {
      const at = now();
      const analysis = await deps.understand(text, facts, promptContext(briefFor(chosen ?? current)));
      let routing: RoutingChoice<AgentRow>;
      if (chosen) {
        routing = {
          agent: chosen,
          reason: askedForReason(options.agentType ?? options.agentId ?? "", chosen),
          confidence: 1,
          via: "extension",
          flow: null,
          rule: null,
          hits: [],
        };
      } else {
        routing = await deps.agents.route(account.id, {
          text,
          extension: options.extension ?? null,
          direction: options.direction,
          classification: analysis.classification,
          classificationConfidence: analysis.confidence,
        });
        // Once a call has an agent, words that name nobody keep it there.
        const weak = routing.via === "specialization" || routing.via === "general" || routing.via === "none";
        if (weak && current && current.status === "active" && snapshot.agents.has(current.id)) {
          routing = { ...routing, agent: current, reason: `Continues with ${current.name}`, confidence: 0.9 };
        }
      }
      const agent = routing.agent;
      const agentIsNew = Boolean(agent && agent.id !== current?.id);

      const brief = briefFor(agent);
      const inAppointmentExchange = state.stage === "awaiting_time" || state.stage === "offered_slot";
      const turn = await conversationWith(agent, analysis).hear(text, at);

      const minutesOnCall =
        options2.minutesOnCall ?? Math.floor((at.getTime() - startedAt.getTime()) / 60_000);
      const composed = composeTurn({
        turn,
        text,
        script: script ?? null,
        routing,
        agentIsNew,
        replyIndex: replies,
        inAppointmentExchange,
        minutesOnCall,
        previewPhrases: Boolean(options.previewPhrases),
        ownerCell: account.owner.cellphoneNumber,
        allowAppointments: brief.appointments.enabled,
        names: {
          callerName: null,
          businessName: brief.persona.businessName,
          ownerName: brief.persona.ownerName,
        },
      });
      state = composed.turn.state;
      history.push(...composed.turn.lines);
      const transfer = composed.transfer;
      if (transfer?.transferNumber) transferred = true;
      const reply = composed.reply;
      const nextAction = composed.nextAction;
      replies += 1;
      current = agent ?? current;
      const { agent: _agent, ...routed } = routing;
      return {
        agent,
        routing: routed,
        analysis: turn.analysis,
        reply,
        nextAction,
        classification: composed.turn.call.classification ?? analysis.classification,
        transfer,
        ended: composed.turn.call.end !== null,
      };
    },
  };
}

export type Dialogue = Awaited<ReturnType<typeof openDialogue>>;
