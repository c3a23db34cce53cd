import {
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  type EnterpriseCallDetail,
  type EnterpriseEnquiry,
  enterprisePlanName,
} from "../../../common/enterprise";
import type { CallService } from "../calls/service";
import type { EnquiryRow } from "./repository";

type CallRow = Awaited<ReturnType<CallService["list"]>>["rows"][number];

const isEnquiryStatus = (value: string): value is EnquiryStatus =>
  (ENQUIRY_STATUSES as readonly string[]).includes(value);

export function presentEnquiry(row: EnquiryRow): EnterpriseEnquiry {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    company: row.company,
    phoneNumber: row.phoneNumber,
    planId: row.planId,
    planName: enterprisePlanName(row.planId),
    expectedConcurrentCalls: row.expectedConcurrentCalls,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    status: isEnquiryStatus(row.status) ? row.status : "new",
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
  };
}

/** A live call as the Live Calls tab lists it (id, phoneNumber, status, startTime). */
export function presentLiveCall(row: CallRow): EnterpriseCallDetail {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    status: row.isOnHold ? "on_hold" : row.status,
    startTime: row.startTime.toISOString(),
    callerName: row.callerName,
    direction: row.direction,
  };
}
