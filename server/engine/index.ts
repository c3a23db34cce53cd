/** The call-screening engine: pure domain code, no HTTP, no SQL (see ARCHITECTURE.md). */
export { analyzeUtterance, type TurnAnalysis } from "./analyze";
export { type CallerFacts, inspectNumber, normalizePhone } from "./caller-facts";
export { defaultClassifier } from "./model";
export {
  type BookedAppointment,
  CallSession,
  type EngineAccount,
  type EnginePorts,
  type EngineSettings,
  type TurnResult,
} from "./session";
export { callClassification, callConfidence, type EngineState, initialState, restoreState } from "./state";
export { type CallOutcome, summarizeCall } from "./summary";
export { CLASSIFICATIONS, type Classification } from "./types";
