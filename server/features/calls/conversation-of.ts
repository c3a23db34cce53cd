import type { CallDirection } from "../../../common/agents";
import type { Account } from "../../domain/account";
import {
  Conversation,
  type ConversationModel,
  type EnginePorts,
  type EngineState,
  type TurnAnalysis,
} from "../../engine";
import type { AssistantView, PlanInput, TurnPlan } from "../agents/call-assistant";
import { callBrief, promptContext } from "../agents/call-brief";
import type { AiSettingsRow } from "../ai-settings/service";

/**
 * The one conversation engine (engine/conversation.ts) for a call, whatever brought it: the plan
 * of the turn (its agent, script and brief, from the assistant's view) and the engine over the
 * call's stored state. Every entry point (carrier calls both ways, demos, bulk and campaign
 * calls) goes through here.
 */
export function conversationOf(
  view: AssistantView | null,
  account: Account,
  settings: AiSettingsRow,
  call: {
    direction: CallDirection;
    phoneNumber: string;
    callerName: string | null;
    startedAt: Date;
    /** The transcript so far, for a language model. */
    history?: string[] | undefined;
  },
  plan: Omit<PlanInput, "direction">,
  engine: {
    understand: (text: string) => Promise<TurnAnalysis>;
    ports: EnginePorts;
    state: EngineState;
    /** A configured language model answering through the engine's tools. */
    model?: ConversationModel | null | undefined;
  },
): { conversation: Conversation; plan: TurnPlan | null } {
  const turnPlan = view ? view.plan(account, settings, { ...plan, direction: call.direction }) : null;
  const brief =
    turnPlan?.brief ??
    callBrief({
      account,
      settings,
      script: null,
      agent: null,
      direction: call.direction,
      purpose: plan.purpose,
    });
  return {
    conversation: new Conversation(
      brief,
      {
        phoneNumber: call.phoneNumber,
        callerName: call.callerName,
        startedAt: call.startedAt,
        history: call.history,
      },
      engine.understand,
      engine.ports,
      engine.state,
      engine.model ?? null,
      engine.model ? promptContext(brief) : [],
    ),
    plan: turnPlan,
  };
}

/** The engine never reaches these before the caller's first turn. */
export const OPENING_PORTS: EnginePorts = {
  busyIntervals: async () => [],
  bookAppointment: async () => ({ id: "" }),
  upcomingAppointment: async () => null,
  cancelAppointment: async () => {},
  moveAppointment: async () => {},
};

export const NO_TURN_BEFORE_THE_OPENING = (): Promise<TurnAnalysis> => {
  throw new Error("no turn before the opening");
};
