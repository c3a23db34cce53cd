/** The call-screening engine: pure domain code, no HTTP, no SQL (see ARCHITECTURE.md). */
export { analyzeUtterance, type TurnAnalysis } from "./analyze";
export { type CallBrief, fillNames } from "./brief";
export { type CallerFacts, inspectNumber, normalizePhone } from "./caller-facts";
export { Conversation, type EngineCall } from "./conversation";
export { defaultClassifier } from "./model";
export type { ConversationModel, ModelAction, ModelTurn, ModelTurnInput } from "./model-turn";
export {
  type BookedAppointment,
  CallSession,
  type EngineAccount,
  type EnginePorts,
  type EngineSettings,
  type TurnEffect,
  type TurnResult,
} from "./session";
export { callClassification, callConfidence, type EngineState, initialState, restoreState } from "./state";
export { type CallOutcome, summarizeCall } from "./summary";
export { CLASSIFICATIONS, type Classification } from "./types";
