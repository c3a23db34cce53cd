import type { SystemCall } from "../../../common/admin";
import { callCost } from "./calls-cost";
import type { AdminCallRow } from "./calls-report";

/** A call across workspaces as the admin's Calls tab shows it, with its cost at the plan's rate. */
export function presentSystemCall(row: AdminCallRow): SystemCall {
  return {
    id: row.id,
    timestamp: row.startTime.toISOString(),
    userId: row.ownerId,
    workspaceId: row.workspaceId,
    phoneNumber: row.phoneNumber,
    classification: row.classification,
    duration: row.duration,
    status: row.status,
    simulated: row.simulated,
    cost: callCost(row.planType, row.duration),
  };
}
