import { type CalendarSettings, CalendarSettingsOut } from "@common/calendar";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { calendarSettingsQueryOptions } from "../../../lib/shared-api/get-calendar-settings";
import { CALENDAR_FEED_URL } from "./enable-calendar-feed";

/** DELETE /api/calendar/feed: revokes the feed's address. */
export function disableCalendarFeed(): Promise<CalendarSettings> {
  return requestParsed(CalendarSettingsOut, "DELETE", CALENDAR_FEED_URL);
}

export function useDisableCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableCalendarFeed,
    onSuccess: (settings) => queryClient.setQueryData(calendarSettingsQueryOptions.queryKey, settings),
  });
}
