import {
  CALL_DISPOSITIONS,
  type Call,
  type CallDisposition,
  type CallListResponse,
  type Classification,
  type ContactCall,
  type ContactCallsResponse,
  type ProcessAudioResponse,
  type TurnAnalysisOut,
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
    simulated: row.simulated,
    transferredAt: row.transferredAt?.toISOString() ?? null,
    transferredTo: row.engineState?.assistant?.transferredTo ?? null,
    ...outcomeOf(row),
  };
}

/** What the call came to, the call back asked for and the appointment booked (its engine state). */
function outcomeOf(row: CallRow): Pick<Call, "disposition" | "callbackAt" | "bookedAppointment"> {
  const state = row.engineState?.state;
  const booked = state?.booked ?? null;
  return {
    disposition: (CALL_DISPOSITIONS as readonly string[]).includes(row.disposition ?? "")
      ? (row.disposition as CallDisposition)
      : null,
    callbackAt: state?.callback?.at ?? null,
    bookedAppointment: booked
      ? { startTime: booked.start, endTime: booked.end, appointmentId: booked.id }
      : null,
  };
}

/** One call of a contact's history. */
export function presentContactCall(row: CallRow): ContactCall {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    direction: row.direction,
    status: row.status,
    isActive: row.isActive,
    isTest: row.isTest,
    simulated: row.simulated,
    callType: row.callType,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
    duration: row.duration,
    actionTaken: row.actionTaken,
    summary: row.summary,
    ...outcomeOf(row),
  };
}

/** A page of a contact's calls, with the contact's call back. */
export function presentContactCalls(page: {
  contact: { id: string; name: string; phoneNumber: string | null; scheduledCallback: Date | null };
  rows: CallRow[];
  pagination: ContactCallsResponse["pagination"];
}): ContactCallsResponse {
  return {
    contact: {
      id: page.contact.id,
      name: page.contact.name,
      phoneNumber: page.contact.phoneNumber,
      scheduledCallback: page.contact.scheduledCallback?.toISOString() ?? null,
    },
    calls: page.rows.map(presentContactCall),
    pagination: page.pagination,
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
