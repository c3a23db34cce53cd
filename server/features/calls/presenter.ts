import type {
  Call,
  CallListResponse,
  Classification,
  ProcessAudioResponse,
  TurnAnalysisOut,
} from "../../../common/calls";
import type { CallRow } from "./repository";

export function presentCall(row: CallRow): Call {
  const analysis: TurnAnalysisOut | null = row.analysis ?? null;
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    callerName: row.callerName,
    direction: row.direction,
    classification: row.classification as Classification | null,
    status: row.status,
    isActive: row.isActive,
    isOnHold: row.isOnHold,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    duration: row.duration,
    transcript: row.transcript,
    aiResponse: row.aiResponse,
    sentiment: row.sentiment as Call["sentiment"],
    customerSatisfaction: row.customerSatisfaction,
    followUpRequired: row.followUpRequired,
    importance: row.importance,
    actionTaken: row.actionTaken,
    notes: row.notes,
    summary: row.summary,
    analysis,
    confidence: callConfidence(row.classification, row.engineState?.state.evidence, analysis),
    recordingUrl: row.recordingUrl,
    callType: row.callType,
    isTest: row.isTest,
    transferredAt: row.transferredAt?.toISOString() ?? null,
    transferredTo: row.engineState?.assistant?.transferredTo ?? null,
  };
}

/** The call-level confidence: the share of the evidence behind the call's class, else the last turn's. */
function callConfidence(
  classification: string | null,
  evidence: Record<string, number> | undefined,
  analysis: TurnAnalysisOut | null,
): number | null {
  if (!classification) return null;
  const total = evidence ? Object.values(evidence).reduce((sum, value) => sum + value, 0) : 0;
  if (evidence && total > 0) return Math.round(((evidence[classification] ?? 0) / total) * 1000) / 1000;
  return analysis?.confidence ?? null;
}

/** A page of Call History with its pagination and the summary cards' figures. */
export function presentCallList(page: {
  rows: CallRow[];
  pagination: CallListResponse["pagination"];
  summary: CallListResponse["summary"];
}): CallListResponse {
  return { calls: page.rows.map(presentCall), pagination: page.pagination, summary: page.summary };
}

/** A caller's turn: what was heard, what the assistant said back, and the call after it. */
export function presentTurn(
  heard: string,
  turn: { call: CallRow; reply: string | null; analysis: TurnAnalysisOut },
): ProcessAudioResponse {
  return {
    transcription: heard,
    response: { text: turn.reply },
    analysis: turn.analysis,
    call: presentCall(turn.call),
  };
}
