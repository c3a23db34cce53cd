import type { CalendarSettings } from "../../../common/calendar";
import { feedUrlPath } from "../../../common/calendar";
import type { AiSettingsRow } from "../ai-settings/service";

/** The booking length and buffer, and the private feed's address (null while it is off). */
export function presentCalendarSettings(row: AiSettingsRow): CalendarSettings {
  return {
    defaultDuration: row.appointmentDuration,
    bufferMinutes: row.bufferMinutes,
    feedUrlPath: row.calendarToken ? feedUrlPath(row.calendarToken) : null,
  };
}
