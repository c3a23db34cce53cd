import type { CallDisposition } from "../../common/calls";
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
  /** What the call came to so far (interested, booked, do not call, ...); null: nothing yet. */
  disposition: CallDisposition | null;
  /** The time the callee asked to be called back, with their words. */
  callback: { at: string; said: string } | null;
  /** The appointment this call booked, so "can you confirm that?" is answered from it. */
  booked: { start: string; end: string; id: string } | null;
  /** The next of the script's questions to ask (index into its flow), and the answers so far. */
  flowStep: number;
  answers: { question: string; answer: string }[];
  /** Rebuttals said so far (a second no is taken as the answer). */
  rebuttals: number;
  /** What the last reply asked for, so the next turn is read as its answer. */
  awaiting: "callback_time" | "callback_offer" | "flow_answer" | "booking_offer" | "permission" | null;
  /** The assistant has said it is automated. */
  disclosed: boolean;
  /** An outbound call has said why it calls. */
  purposeSaid: boolean;
  /** Someone else answered an outbound call for the person it was for, who is not there. */
  calleeAway: boolean;
  /** The receptionist was unsure a caller was unwanted and asked who they are (a second sign blocks). */
  spamDoubted: boolean;
  /** The caller's last question that named its subject, so "and how much will it be?" is about it. */
  topic: string | null;
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
    disposition: null,
    callback: null,
    booked: null,
    flowStep: 0,
    answers: [],
    rebuttals: 0,
    awaiting: null,
    disclosed: false,
    purposeSaid: false,
    spamDoubted: false,
    calleeAway: false,
    topic: null,
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
