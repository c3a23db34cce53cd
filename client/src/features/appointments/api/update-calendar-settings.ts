import { type CalendarSettings, CalendarSettingsOut, type CalendarSettingsUpdate } from "@common/calendar";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import {
  CALENDAR_SETTINGS_URL,
  calendarSettingsQueryOptions,
} from "../../../lib/shared-api/get-calendar-settings";

/** PUT /api/calendar/settings: the default duration or the buffer. */
export function updateCalendarSettings(change: CalendarSettingsUpdate): Promise<CalendarSettings> {
  return requestParsed(CalendarSettingsOut, "PUT", CALENDAR_SETTINGS_URL, change);
}

export function useUpdateCalendarSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCalendarSettings,
    onSuccess: (settings) => queryClient.setQueryData(calendarSettingsQueryOptions.queryKey, settings),
  });
}
