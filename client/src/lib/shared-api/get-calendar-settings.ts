import { CalendarSettingsOut } from "@common/calendar";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../api";

/**
 * GET /api/calendar/settings: default duration, buffer and the feed address. Appointments edits
 * them; Settings shows their state (and its AI settings change the default duration).
 */
export const CALENDAR_SETTINGS_URL = "/api/calendar/settings";

export const getCalendarSettings = () => getParsed(CalendarSettingsOut, CALENDAR_SETTINGS_URL);

export const calendarSettingsQueryOptions = queryOptions({
  queryKey: [CALENDAR_SETTINGS_URL],
  queryFn: getCalendarSettings,
});

export const useCalendarSettings = () => useQuery(calendarSettingsQueryOptions);
