import type { AiSettings } from "../../../common/ai-settings";
import { AI_DISCLOSURES, PERSONALITIES } from "../../../common/ai-settings";
import { readBusinessHours } from "./business-hours-text";
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
    customInstructions: row.customInstructions ?? "",
    aiDisclosure: (AI_DISCLOSURES as readonly string[]).includes(row.aiDisclosure)
      ? (row.aiDisclosure as AiSettings["aiDisclosure"])
      : "outbound",
    businessHours: row.businessHours ?? "",
    // How the assistant reads the text now, so the screen can say whether it was understood.
    businessHoursReading: row.businessHours ? readBusinessHours(row.businessHours, row.workingHours) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
