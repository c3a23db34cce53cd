import { planFor } from "../../../common/plans";
import type { SupportPriority, SupportRequest, SupportStatus } from "../../../common/support";
import type { SupportRequestRow } from "./repository";

export function presentSupportRequest(row: SupportRequestRow): SupportRequest {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    priority: row.priority === "priority" ? "priority" : ("standard" satisfies SupportPriority),
    planName: planFor(row.planType).name,
    status: row.status === "answered" ? "answered" : ("open" satisfies SupportStatus),
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
