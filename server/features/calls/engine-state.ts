import { TZDate } from "@date-fns/tz";
import type { Account } from "../../domain/account";
import { type CallerFacts, type EngineAccount, restoreState } from "../../engine";
import type { AiSettingsRow } from "../ai-settings/service";
import type { CallRow } from "./repository";

/** What calls.engine_state holds: the conversation state plus the caller facts read at the start. */
export type StoredEngineState = NonNullable<CallRow["engineState"]>;

/** A call's stored state, with anything an older version did not store filled in. */
export function readStored(row: CallRow): StoredEngineState {
  const stored = row.engineState;
  const facts: CallerFacts = stored?.facts ?? {
    number: row.phoneNumber,
    withheld: false,
    malformed: false,
    spoofedLooking: false,
    inContacts: false,
    contactName: null,
    blocked: false,
  };
  return {
    state: restoreState(stored?.state),
    facts,
    ...(stored?.assistant ? { assistant: stored.assistant } : {}),
  };
}

/** The workspace as the engine sees it: whose assistant it is, and how it behaves. */
export function engineAccount(account: Account, settings: AiSettingsRow): EngineAccount {
  const firstName = account.owner.fullName?.trim().split(/\s+/)[0];
  return {
    ownerName: account.companyName || firstName || "the person you're calling",
    cellphoneNumber: account.owner.cellphoneNumber,
    timeZone: account.timezone,
    settings: {
      personality: settings.personality,
      greetingMessage: settings.greetingMessage,
      autoBlockSpam: settings.autoBlockSpam,
      allowAppointments: settings.allowAppointments,
      forwardUrgent: settings.forwardUrgent,
      workingHours: settings.workingHours,
      appointmentDuration: settings.appointmentDuration,
      bufferMinutes: settings.bufferMinutes,
    },
  };
}

export function appendLines(transcript: string, lines: string[]): string {
  return transcript ? `${transcript}\n${lines.join("\n")}` : lines.join("\n");
}

export function minutesText(minutes: number): string {
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The usage month a moment falls in, in the account's time zone. */
export function monthOf(at: Date, timeZone: string): { year: number; month: number } {
  const z = new TZDate(at.getTime(), timeZone);
  return { year: z.getFullYear(), month: z.getMonth() + 1 };
}

export function startOfToday(at: Date, timeZone: string): Date {
  const z = new TZDate(at.getTime(), timeZone);
  return new Date(new TZDate(z.getFullYear(), z.getMonth(), z.getDate(), 0, 0, timeZone).getTime());
}
