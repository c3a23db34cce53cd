import type { CalendarSettings, CalendarSettingsUpdate } from "@common/calendar";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

/** GET and PUT /api/calendar/settings: default duration, buffer and the feed address. */
export const CALENDAR_SETTINGS_URL = "/api/calendar/settings";

export const calendarSettingsQuery = queryOptions<CalendarSettings>({ queryKey: [CALENDAR_SETTINGS_URL] });

export const useCalendarSettings = () => useQuery(calendarSettingsQuery);

export function useUpdateCalendarSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CalendarSettingsUpdate) =>
      apiRequest<CalendarSettings>("PUT", CALENDAR_SETTINGS_URL, change),
    onSuccess: (settings) => queryClient.setQueryData(calendarSettingsQuery.queryKey, settings),
  });
}
