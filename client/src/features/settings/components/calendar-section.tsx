import { CalendarCheck, CalendarDays, CalendarOff } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { useCalendarSettings } from "../../../lib/shared-api/get-calendar-settings";

/** Calendar integration: the feed and booking defaults live on Appointments; this shows their state. */
export function CalendarSection() {
  const calendar = useCalendarSettings();
  const on = Boolean(calendar.data?.feedUrlPath);
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 font-semibold leading-none tracking-tight">
          <CalendarDays className="size-5" aria-hidden />
          Calendar Integration
        </h2>
        <CardDescription>
          Subscribe to your appointments from Google Calendar, Apple Calendar or Outlook with a private
          address.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-sm">
          {on ? (
            <CalendarCheck className="size-5 text-green-700" aria-hidden />
          ) : (
            <CalendarOff className="size-5 text-muted-foreground" aria-hidden />
          )}
          <div>
            <p className="font-medium" data-testid="settings-calendar-status">
              {calendar.isLoading ? "Loading..." : on ? "Connected and syncing" : "Not connected"}
            </p>
            {calendar.data ? (
              <p className="text-xs text-muted-foreground">
                Appointments last {calendar.data.defaultDuration} minutes
                {calendar.data.bufferMinutes
                  ? `, with ${calendar.data.bufferMinutes} minutes kept free around each`
                  : ""}
                .
              </p>
            ) : null}
          </div>
        </div>
        <Button asChild variant="outline">
          <Link to="/appointments">Open Calendar Integration</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
