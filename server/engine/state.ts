import { CLASSIFICATIONS, type Classification, type Sentiment } from "./types";

/** Where the conversation is between turns; stored with the call so any server can take the next turn. */
export type Stage = "screening" | "awaiting_time" | "offered_slot" | "message" | "handed_off" | "ended";

export type EngineState = {
  stage: Stage;
  /** Summed class probabilities of the informative caller turns: the call's classification is their argmax. */
  evidence: Record<Classification, number>;
  /** A class fixed by what the assistant did (blocked, booked, forwarded); it outranks the evidence. */
  decidedClass: Classification | null;
  offeredSlot: { start: string; end: string } | null;
  /** The caller asked for an appointment that is not booked yet. */
  appointmentPending: boolean;
  appointmentId: string | null;
  /** What the caller asked the assistant to pass on. */
  message: string[];
  intent: string | null;
  actionTaken: string;
  importance: number;
  urgent: boolean;
  sentiments: Sentiment[];
  turns: number;
};

export function initialState(): EngineState {
  return {
    stage: "screening",
    evidence: Object.fromEntries(CLASSIFICATIONS.map((label) => [label, 0])) as Record<
      Classification,
      number
    >,
    decidedClass: null,
    offeredSlot: null,
    appointmentPending: false,
    appointmentId: null,
    message: [],
    intent: null,
    actionTaken: "",
    importance: 1,
    urgent: false,
    sentiments: [],
    turns: 0,
  };
}

/** Reads a stored state, filling anything an older version did not store. */
export function restoreState(stored: unknown): EngineState {
  const base = initialState();
  if (!stored || typeof stored !== "object") return base;
  return {
    ...base,
    ...(stored as Partial<EngineState>),
    evidence: { ...base.evidence, ...(stored as Partial<EngineState>).evidence },
  };
}

export function callClassification(state: EngineState): Classification | null {
  if (state.decidedClass) return state.decidedClass;
  const total = CLASSIFICATIONS.reduce((sum, label) => sum + state.evidence[label], 0);
  if (total === 0) return null;
  return CLASSIFICATIONS.reduce((best, label) =>
    state.evidence[label] > state.evidence[best] ? label : best,
  );
}

/** Share of the evidence behind the call's classification, 0 to 1. */
export function callConfidence(state: EngineState): number {
  const label = callClassification(state);
  const total = CLASSIFICATIONS.reduce((sum, l) => sum + state.evidence[l], 0);
  if (!label || total === 0) return 0;
  return Math.round((state.evidence[label] / total) * 1000) / 1000;
}
