import { BUFFER_OPTIONS, type CalendarSettingsUpdate, DURATION_OPTIONS } from "@common/calendar";
import { CalendarCheck, CalendarOff, Copy, RefreshCw, Settings2 } from "lucide-react";
import { useState } from "react";
import { RoleNote } from "../../../components/forms/role-note";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { useWorkspace } from "../../../lib/auth/use-workspace";
import { useCalendarSettings } from "../../../lib/shared-api/get-calendar-settings";
import { toast, toastError } from "../../../lib/toast";
import { useDisableCalendarFeed } from "../api/disable-calendar-feed";
import { useEnableCalendarFeed } from "../api/enable-calendar-feed";
import { useUpdateCalendarSettings } from "../api/update-calendar-settings";

/** The address a calendar app subscribes to, on the origin this page was loaded from. */
function feedAddress(feedUrlPath: string | null): string | null {
  return feedUrlPath ? new URL(feedUrlPath, window.location.origin).toString() : null;
}

const bufferLabel = (minutes: number) => (minutes === 0 ? "No buffer" : `${minutes} minutes`);

/**
 * Calendar Integration: the private calendar feed (an iCalendar address any calendar
 * app can subscribe to), and the length and buffer the assistant books with.
 */
export function CalendarPanel() {
  const settings = useCalendarSettings();
  const save = useUpdateCalendarSettings();
  const [configuring, setConfiguring] = useState(false);
  // The feed and the booking settings are an admin's (the server refuses an agent's changes).
  const manage = useWorkspace().can("admin");
  const address = feedAddress(settings.data?.feedUrlPath ?? null);
  const durations: number[] = [...DURATION_OPTIONS];
  if (settings.data && !durations.includes(settings.data.defaultDuration))
    durations.push(settings.data.defaultDuration);

  const change = (update: CalendarSettingsUpdate, saved: string) =>
    save.mutate(update, {
      onSuccess: () => toast({ title: "Calendar Settings Saved", description: saved }),
      onError: (error) => toastError("Error", "Failed to save calendar settings", error),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Calendar Integration</CardTitle>
        <CardDescription>Your appointments in your own calendar app, kept up to date.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-3 rounded-md border p-3">
          <div className="flex items-center gap-2">
            {address ? (
              <CalendarCheck className="size-5 shrink-0 text-green-700" aria-hidden />
            ) : (
              <CalendarOff className="size-5 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <div>
              <p className="text-sm font-medium">Calendar feed</p>
              <p
                className={address ? "text-xs text-green-800" : "text-xs text-muted-foreground"}
                data-testid="calendar-status"
              >
                {settings.isLoading ? "Loading..." : address ? "Connected and syncing" : "Not connected"}
              </p>
            </div>
          </div>
          {manage ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setConfiguring(true)}
              disabled={!settings.data}
            >
              <Settings2 aria-hidden />
              Configure
            </Button>
          ) : null}
        </div>
        {manage ? null : <RoleNote least="admin" />}

        {address ? <FeedAddress address={address} /> : null}

        <Field label="Default Duration" hint="How long the appointments your assistant books are.">
          {(props) => (
            <NativeSelect
              {...props}
              value={settings.data?.defaultDuration ?? ""}
              disabled={!manage || !settings.data || save.isPending}
              onChange={(event) => {
                const minutes = Number(event.target.value) as CalendarSettingsUpdate["defaultDuration"];
                change({ defaultDuration: minutes }, `Default duration: ${minutes} minutes.`);
              }}
            >
              {settings.data ? null : <option value="">Loading...</option>}
              {durations.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Buffer Time" hint="Kept free around each appointment when your assistant books.">
          {(props) => (
            <NativeSelect
              {...props}
              value={settings.data?.bufferMinutes ?? ""}
              disabled={!manage || !settings.data || save.isPending}
              onChange={(event) => {
                const minutes = Number(event.target.value) as CalendarSettingsUpdate["bufferMinutes"];
                change(
                  { bufferMinutes: minutes },
                  `Buffer time: ${bufferLabel(minutes ?? 0).toLowerCase()}.`,
                );
              }}
            >
              {settings.data ? null : <option value="">Loading...</option>}
              {BUFFER_OPTIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {bufferLabel(minutes)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Calendar settings could not be loaded.
          </p>
        ) : null}
      </CardContent>
      <FeedDialog open={configuring} onOpenChange={setConfiguring} address={address} />
    </Card>
  );
}

function FeedAddress({ address }: { address: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: "Copied", description: "Calendar address copied to clipboard" });
    } catch {
      toast({
        title: "Copy Failed",
        description: "Select the address and copy it yourself.",
        variant: "destructive",
      });
    }
  };
  return (
    <Field
      label="Calendar feed address"
      hint="Subscribe to it from Google Calendar, Apple Calendar or Outlook."
    >
      {(props) => (
        <div className="flex gap-2">
          <Input
            {...props}
            value={address}
            readOnly
            className="font-mono text-xs"
            onFocus={(event) => event.target.select()}
          />
          <Button variant="outline" onClick={copy}>
            <Copy aria-hidden />
            Copy
          </Button>
        </div>
      )}
    </Field>
  );
}

function FeedDialog({
  open,
  onOpenChange,
  address,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  address: string | null;
}) {
  const enable = useEnableCalendarFeed();
  const disable = useDisableCalendarFeed();
  const busy = enable.isPending || disable.isPending;
  const turnOn = (renewing: boolean) =>
    enable.mutate(undefined, {
      onSuccess: () =>
        toast(
          renewing
            ? { title: "Address Renewed", description: "The old calendar address no longer works." }
            : { title: "Calendar Feed On", description: "Copy the address into your calendar app." },
        ),
      onError: (error) => toastError("Error", "Failed to update the calendar feed", error),
    });
  const turnOff = () =>
    disable.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Calendar Feed Off", description: "The calendar address no longer works." }),
      onError: (error) => toastError("Error", "Failed to update the calendar feed", error),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Calendar Feed</DialogTitle>
          <DialogDescription>
            A private address your calendar app subscribes to. It lists your scheduled appointments (and those
            completed in the last 30 days) and refreshes every few minutes. Anyone with the address can read
            it, so share it with no one.
          </DialogDescription>
        </DialogHeader>
        {address ? (
          <div className="grid gap-3 text-sm">
            <p className="font-medium text-green-800">Connected and syncing</p>
            <FeedAddress address={address} />
            <p className="text-muted-foreground">
              Renew the address if it was shared by mistake: calendars subscribed to the old one stop
              updating. Turn the feed off to stop sharing altogether.
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">The feed is off.</p>
        )}
        <DialogFooter>
          {address ? (
            <>
              <Button variant="destructive" onClick={turnOff} disabled={busy}>
                <CalendarOff aria-hidden />
                Turn Off Feed
              </Button>
              <Button variant="outline" onClick={() => turnOn(true)} disabled={busy}>
                <RefreshCw aria-hidden />
                Renew Address
              </Button>
            </>
          ) : (
            <Button onClick={() => turnOn(false)} disabled={busy}>
              <CalendarCheck aria-hidden />
              {enable.isPending ? "Turning On..." : "Turn On Feed"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
