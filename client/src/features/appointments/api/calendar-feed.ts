import type { CalendarSettings } from "@common/calendar";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { calendarSettingsQuery } from "./calendar-settings";

const FEED_URL = "/api/calendar/feed";

/** POST turns the private feed on or renews its address; DELETE revokes it. */
export function useCalendarFeed() {
  const queryClient = useQueryClient();
  const store = (settings: CalendarSettings) =>
    queryClient.setQueryData(calendarSettingsQuery.queryKey, settings);
  const enable = useMutation({
    mutationFn: () => apiRequest<CalendarSettings>("POST", FEED_URL),
    onSuccess: store,
  });
  const disable = useMutation({
    mutationFn: () => apiRequest<CalendarSettings>("DELETE", FEED_URL),
    onSuccess: store,
  });
  return { enable, disable };
}

/** The address a calendar app subscribes to, on the origin this page was loaded from. */
export function feedAddress(feedUrlPath: string | null): string | null {
  return feedUrlPath ? new URL(feedUrlPath, window.location.origin).toString() : null;
}
