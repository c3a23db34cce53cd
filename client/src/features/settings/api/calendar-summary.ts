import type { CalendarSettings } from "@common/calendar";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/calendar/settings: the feed's state and booking defaults, edited on /appointments. */
export const calendarSummaryQuery = queryOptions<CalendarSettings>({ queryKey: ["/api/calendar/settings"] });

export const useCalendarSummary = () => useQuery(calendarSummaryQuery);
