import { type CalendarSettings, CalendarSettingsOut } from "@common/calendar";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { calendarSettingsQueryOptions } from "../../../lib/shared-api/get-calendar-settings";

export const CALENDAR_FEED_URL = "/api/calendar/feed";

/** POST /api/calendar/feed: turns the private feed on, or renews its address (the old one stops working). */
export function enableCalendarFeed(): Promise<CalendarSettings> {
  return requestParsed(CalendarSettingsOut, "POST", CALENDAR_FEED_URL);
}

export function useEnableCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableCalendarFeed,
    onSuccess: (settings) => queryClient.setQueryData(calendarSettingsQueryOptions.queryKey, settings),
  });
}
