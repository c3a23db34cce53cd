import {
  AGENT_DISPOSITION_CODES,
  type AgentStatus,
  type AttemptState,
  type Campaign,
  type CampaignDoNotCall,
  type CampaignStatus,
  type CurrentCall,
  DEFAULT_CAMPAIGN_DISPOSITIONS,
  type DialerAgent,
  type DialingMode,
  type DispositionCode,
  type Lead,
  type LeadStatus,
  type ScheduledCallback,
} from "../../../common/dialer";
import type {
  AgentSessionRow,
  AttemptRow,
  CallbackRow,
  CampaignDoNotCallRow,
  CampaignWithCounts,
  LeadRow,
} from "./repository";

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** What the console offers on a campaign's calls: its own list (codes still offered to reps), or the defaults. */
export function dispositionsOf(row: {
  dispositions: { code: string; label: string }[] | null;
}): { code: DispositionCode; label: string }[] {
  const own = (row.dispositions ?? []).filter((entry) =>
    (AGENT_DISPOSITION_CODES as readonly string[]).includes(entry.code),
  ) as { code: DispositionCode; label: string }[];
  return own.length ? own : DEFAULT_CAMPAIGN_DISPOSITIONS;
}

/** `planLimit`: the plan's concurrent-line limit (null: none), shown as the lines it may use. */
export function presentCampaign(row: CampaignWithCounts, planLimit: number | null): Campaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    dialingMode: row.dialingMode as DialingMode,
    maxLines: row.maxLines,
    dialRatio: row.dialRatio,
    status: row.status as CampaignStatus,
    totalLeads: row.totalLeads,
    dialableLeads: row.dialableLeads,
    completedCalls: row.completedCalls,
    successfulConnections: row.successfulConnections,
    maxAttempts: row.maxAttempts,
    retryMinutes: row.retryMinutes,
    abandonedRetryMinutes: row.abandonedRetryMinutes,
    callingHoursStart: row.callingHoursStart,
    callingHoursEnd: row.callingHoursEnd,
    abandonTargetPercent: row.abandonTargetPercent,
    voicemailMessage: row.voicemailMessage,
    businessName: row.businessName,
    callbackNumber: row.callbackNumber,
    aiAgents: row.aiAgents,
    scheduledStartAt: iso(row.scheduledStartAt),
    droppedToProgressive: row.pacing?.droppedToProgressive ?? false,
    planLineLimit: planLimit === null ? null : Math.min(row.maxLines, planLimit),
    startedAt: iso(row.startedAt),
    wrapUpSeconds: row.wrapUpSeconds,
    dispositions: dispositionsOf(row),
    ownDispositions: row.dispositions !== null,
    scriptId: row.scriptId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentCallback(row: CallbackRow, agentName: string | null): ScheduledCallback {
  return {
    id: row.id,
    at: row.dueAt.toISOString(),
    agentOnly: row.agentOnly,
    agentId: row.agentUserId,
    agentName,
  };
}

export function presentLead(row: LeadRow, callback: ScheduledCallback | null = null): Lead {
  return {
    id: row.id,
    campaignId: row.campaignId,
    contactId: row.contactId,
    phoneNumber: row.phoneNumber,
    phoneE164: row.phoneE164,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    email: row.email,
    priority: row.priority,
    status: row.status as LeadStatus,
    attempts: row.callAttempts,
    notes: row.notes,
    lastCallDate: iso(row.lastCallTime),
    nextAttemptAt: iso(row.nextAttemptAt),
    scheduledCallback: callback,
    disposition: (row.disposition as DispositionCode | null) ?? null,
    timeZone: row.timeZone,
    postalCode: row.zipCode,
    aiVoiceConsent: row.aiVoiceConsent,
    consentSource: row.consentSource,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Extensions 101, 102, ... in the order members joined (the spec's autodialer agent). */
export function presentAgent(
  member: { userId: string; name: string },
  index: number,
  session: AgentSessionRow | undefined,
  figures: { currentCalls: number; totalCallsToday: number },
): DialerAgent {
  return {
    id: member.userId,
    name: member.name,
    extension: String(101 + index),
    status: (session?.status as AgentStatus | undefined) ?? "offline",
    statusSince: iso(session?.since),
    campaignId: session?.campaignId ?? null,
    workingCampaignId: session && !session.campaignId ? (session.workingCampaignId ?? null) : null,
    currentCalls: figures.currentCalls,
    totalCallsToday: figures.totalCallsToday,
    wrapUpUntil: session?.status === "busy" ? iso(session.wrapUpUntil) : null,
    softphone: session?.softphone ?? false,
  };
}

export function presentCurrentCall(attempt: AttemptRow, campaignName: string, lead: Lead): CurrentCall {
  return {
    attemptId: attempt.id,
    campaignId: attempt.campaignId,
    campaignName,
    callId: attempt.callId,
    state: attempt.state as AttemptState,
    attemptNumber: attempt.attemptNumber,
    answeredAt: iso(attempt.answeredAt),
    connectedAt: iso(attempt.connectedAt),
    endedAt: iso(attempt.endedAt),
    lead,
  };
}

export function presentDoNotCall(row: CampaignDoNotCallRow): CampaignDoNotCall {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    phoneE164: row.phoneE164,
    createdAt: row.createdAt.toISOString(),
  };
}
