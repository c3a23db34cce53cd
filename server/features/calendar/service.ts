import { randomBytes } from "node:crypto";
import type { CalendarSettings, CalendarSettingsUpdate } from "../../../common/calendar";
import type { AccountLoader } from "../../domain/account";
import type { AiSettingsService } from "../ai-settings/service";
import type { AppointmentService } from "../appointments/service";
import { buildCalendar } from "./ics";
import { presentCalendarSettings } from "./presenter";

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Completed appointments stay in the feed this long after they end. */
const FEED_HISTORY_DAYS = 30;
const FEED_MAX_EVENTS = 2000;
const FEED_REFRESH_MINUTES = 15;

export function newCalendarToken(): string {
  return randomBytes(32).toString("base64url");
}

export type CalendarDeps = {
  settings: AiSettingsService;
  appointments: Pick<AppointmentService, "listForFeed">;
  accounts: AccountLoader;
  now?: () => Date;
};

/** The appointment length and buffer the engine books with, and the private iCalendar feed. */
export function calendarService({ settings, appointments, accounts, now = () => new Date() }: CalendarDeps) {
  return {
    async settings(workspaceId: string): Promise<CalendarSettings> {
      return presentCalendarSettings(await settings.row(workspaceId));
    },

    /** Saves the length and buffer the call engine books with. */
    async update(workspaceId: string, input: CalendarSettingsUpdate): Promise<CalendarSettings> {
      const fields: { appointmentDuration?: number; bufferMinutes?: number } = {};
      if (input.defaultDuration !== undefined) fields.appointmentDuration = input.defaultDuration;
      if (input.bufferMinutes !== undefined) fields.bufferMinutes = input.bufferMinutes;
      return presentCalendarSettings(await settings.updateScheduling(workspaceId, fields));
    },

    /** Turns the private feed on, or renews its address: the previous address stops working at once. */
    async enableFeed(workspaceId: string): Promise<CalendarSettings> {
      return presentCalendarSettings(await settings.setCalendarToken(workspaceId, newCalendarToken()));
    },

    /** Revokes the feed address. */
    async disableFeed(workspaceId: string): Promise<CalendarSettings> {
      return presentCalendarSettings(await settings.setCalendarToken(workspaceId, null));
    },

    /**
     * The iCalendar text for a feed token, or null when no account has that token (unknown,
     * renewed or revoked). Cancelled appointments are left out, so subscribers drop them.
     */
    async feed(token: string): Promise<string | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const workspaceId = await settings.workspaceOfCalendarToken(token);
      const owner = workspaceId ? await accounts.load(workspaceId) : undefined;
      if (!owner) return null;
      const since = new Date(now().getTime() - FEED_HISTORY_DAYS * 24 * 60 * 60 * 1000);
      const rows = await appointments.listForFeed(owner.id, since, FEED_MAX_EVENTS);
      return buildCalendar({
        name: `Appointments (${owner.name})`,
        timeZone: owner.timezone,
        refreshMinutes: FEED_REFRESH_MINUTES,
        events: rows.map((row) => ({
          uid: `${row.id}@ai-platform`,
          stamp: row.updatedAt,
          start: row.startTime,
          end: row.endTime,
          summary: row.title,
          description: eventDescription(row),
          status: "CONFIRMED",
          created: row.createdAt,
          lastModified: row.updatedAt,
        })),
      });
    },
  };
}

export type CalendarService = ReturnType<typeof calendarService>;

function eventDescription(row: {
  description: string | null;
  attendeeName: string | null;
  attendeeEmail: string | null;
  attendeePhone: string | null;
  callId: string | null;
  status: string;
}): string {
  const lines: string[] = [];
  if (row.description) lines.push(row.description);
  const client = [
    row.attendeeName ? `Client: ${row.attendeeName}` : null,
    row.attendeeEmail ? `Email: ${row.attendeeEmail}` : null,
    row.attendeePhone ? `Phone: ${row.attendeePhone}` : null,
  ].filter((line): line is string => line !== null);
  if (client.length) lines.push(client.join("\n"));
  if (row.callId) lines.push("Booked by your assistant during a call.");
  if (row.status === "completed") lines.push("Completed.");
  return lines.join("\n\n");
}
