import type { AiSettings } from "../../../common/ai-settings";
import { PERSONALITIES } from "../../../common/ai-settings";
import type { AiSettingsRow } from "./repository";

/** The assistant's settings as the Settings screen edits them, with the workspace's time zone. */
export function presentAiSettings(row: AiSettingsRow, timezone: string): AiSettings {
  return {
    personality: (PERSONALITIES as readonly string[]).includes(row.personality)
      ? (row.personality as AiSettings["personality"])
      : "professional",
    greetingMessage: row.greetingMessage,
    autoBlockSpam: row.autoBlockSpam,
    allowAppointments: row.allowAppointments,
    forwardUrgent: row.forwardUrgent,
    appointmentDuration: row.appointmentDuration,
    workingHours: row.workingHours,
    timezone,
    updatedAt: row.updatedAt.toISOString(),
  };
}
