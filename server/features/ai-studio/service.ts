import { answerTurn, createFlow, deleteFlow, listFlows, testFlow, updateFlow } from "./ai-flows";
import {
  callEnded,
  createRule,
  deleteRule,
  listRules,
  runForCall,
  toggleRule,
  updateRule,
} from "./automation-rules";
import { type AiStudioContext, type AiStudioDeps, aiStudioContext } from "./context";
import { analyzeConversation, performanceMetrics } from "./insight";
import { activateClone, createClone, generateVoice, listClones, readSample, removeClone } from "./voice-lab";

export type { FlowTurnInput } from "./ai-flows";
export type { AiStudioDeps } from "./context";

/**
 * AI Studio, assembled: AI flows (ai-flows.ts, matching in
 * flows.ts), automation rules (automation-rules.ts), the Voice Engine (voice-lab.ts), the
 * analysis and figures (insight.ts). Each takes the area's context first; this binds it.
 * Two ports face the calls area: `answerTurn` (a caller's turn) and `callEnded` (a call's end).
 */
export function aiStudioService(deps: AiStudioDeps) {
  const ctx = aiStudioContext(deps);
  const bound =
    <A extends unknown[], R>(work: (context: AiStudioContext, ...args: A) => R) =>
    (...args: A): R =>
      work(ctx, ...args);

  return {
    listFlows: bound(listFlows),
    createFlow: bound(createFlow),
    updateFlow: bound(updateFlow),
    deleteFlow: bound(deleteFlow),
    testFlow: bound(testFlow),
    answerTurn: bound(answerTurn),

    listRules: bound(listRules),
    createRule: bound(createRule),
    updateRule: bound(updateRule),
    toggleRule: bound(toggleRule),
    deleteRule: bound(deleteRule),
    callEnded: bound(callEnded),
    runForCall: bound(runForCall),

    listClones: bound(listClones),
    createClone: bound(createClone),
    activateClone: bound(activateClone),
    removeClone: bound(removeClone),
    generateVoice: bound(generateVoice),
    readSample: bound(readSample),

    analyzeConversation: bound(analyzeConversation),
    performanceMetrics: bound(performanceMetrics),
  };
}

export type AiStudioService = ReturnType<typeof aiStudioService>;
