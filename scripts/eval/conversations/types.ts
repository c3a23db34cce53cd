import type { CallDisposition } from "../../../common/calls";
import type { TemplateData } from "../../../common/scripts";

/**
 * The shape of the conversation evaluation's data (`npm run eval:conversations`): businesses
 * (what a workspace configured: its script, agent, settings and what it said about itself) and
 * conversations with them, each with what a careful receptionist or sales rep would have done.
 *
 * Every conversation happens at the same moment: Tuesday 22 September 2026, 10:00 in New York
 * (NOW below), so "tomorrow at 3" is Wednesday 23 September at 15:00. Times in expectations are
 * wall-clock times in that zone, written with the day names of DAY.
 */

export const ZONE = "America/New_York";
/** Tuesday 22 September 2026, 10:00 in New York (14:00 UTC): a working weekday morning, no holiday near. */
export const NOW_LOCAL = "2026-09-22 10:00";

/** The days conversations name, as dates in ZONE, seen from NOW. */
export const DAY = {
  today: "2026-09-22",
  tomorrow: "2026-09-23",
  wednesday: "2026-09-23",
  thursday: "2026-09-24",
  friday: "2026-09-25",
  saturday: "2026-09-26",
  sunday: "2026-09-27",
  monday: "2026-09-28",
  /** "next Tuesday", said on a Tuesday. */
  nextTuesday: "2026-09-29",
  nextWednesday: "2026-09-30",
} as const;

/** What a reply must (or must not) say: a string is a case-insensitive substring. */
export type Phrase = string | RegExp;

/** A wall-clock time in ZONE that an appointment or call back must fall on. */
export type TimeExpectation = {
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD: any day from `date` to this one (then `from` and `to` are not used). */
  through?: string;
  /** HH:mm, inclusive; absent: any time that day. */
  from?: string;
  /** HH:mm, inclusive; absent: exactly `from`. */
  to?: string;
};

/** An exact time: `at(DAY.thursday, "10:00")`. */
export const at = (date: string, time: string): TimeExpectation => ({ date, from: time, to: time });
/** Any time from `from` to `to` that day, both included. */
export const between = (date: string, from: string, to: string): TimeExpectation => ({ date, from, to });
/** Any time that day. */
export const onDay = (date: string): TimeExpectation => ({ date });
/** Any time on any day from `date` to `through`, both included. */
export const days = (date: string, through: string): TimeExpectation => ({ date, through });

/** One turn: what is said and what its reply must hold. */
export const say = (text: string, checks: Omit<Turn, "say"> = {}): Turn => ({ say: text, ...checks });

export type ScriptFields = Omit<TemplateData, "transferRules" | "appointmentSettings" | "voiceSettings"> & {
  transferRules?: Partial<TemplateData["transferRules"]>;
  appointmentSettings?: Partial<TemplateData["appointmentSettings"]>;
  voiceSettings?: TemplateData["voiceSettings"];
};

/** The fields of an AI agent a workspace set (the rest take the app's defaults). */
export type AgentFields = {
  name: string;
  specialization: "sales" | "support" | "appointments" | "screening" | "general";
  voice?: "professional" | "friendly" | "casual" | "formal";
  purpose?: string;
  personality?: string;
  /** Facts it answers from, one a line. */
  knowledgeBase?: string;
  rebuttalPlaybook?: string[];
  objectionHandling?: string;
  closingStyle?: string;
  /** What it says first when a call reaches it. */
  script?: string;
  empathyLevel?: number;
  assertivenessLevel?: number;
  maxCallDuration?: number;
  transferThreshold?: number;
  keywords?: string[];
};

/** The assistant's settings a business changed (the rest are the app's defaults). */
export type SettingsFields = {
  personality?: "professional" | "friendly" | "casual" | "formal";
  greetingMessage?: string;
  autoBlockSpam?: boolean;
  allowAppointments?: boolean;
  forwardUrgent?: boolean;
  /** Days 1 (Monday) to 7. */
  workingHours?: { start: string; end: string; days: number[] };
  appointmentDuration?: number;
  bufferMinutes?: number;
  callPurpose?: string | null;
  businessHours?: string | null;
  aiDisclosure?: "always" | "outbound" | "never";
};

/** A workspace as its owner configured it. */
export type Business = {
  /** The company name callers hear. */
  name: string;
  /** What the business said about itself at sign-up (the assistant may answer from it). */
  description?: string;
  ownerName?: string;
  /** The owner's cell: where transfers and urgent calls go. Absent: +1 555 123 9876; null: none. */
  ownerCell?: string | null;
  /** A shipped script template (server/features/scripts/templates.ts) the script is made from. */
  template?: string;
  /** A script written by hand, or fields that replace the template's. */
  script?: Partial<ScriptFields>;
  agent?: AgentFields;
  settings?: SettingsFields;
};

/** One thing the caller (or callee) says, and what the reply to it must hold. */
export type Turn = {
  say: string;
  /** Each must be in the reply. */
  must?: Phrase[];
  /** None may be in the reply. */
  mustNot?: Phrase[];
  /** The reply must start with this (safety advice first). */
  startsWith?: Phrase;
};

export type Expectation = {
  /** What the call came to; null: nothing to record (a plain inbound message). */
  disposition: CallDisposition | null;
  /**
   * The assistant ended the call (hung up, blocked); a transfer is not an end. "either" where a
   * careful person might do both (closing after promising a call back to an inbound caller).
   */
  ended: boolean | "either";
  /** The call was put through to a person. Default false. */
  transferred?: boolean;
  /** The appointment booked; absent or null: none may be booked. */
  appointment?: TimeExpectation | null;
  /** The call back scheduled; absent or null: none may be. */
  callback?: TimeExpectation | null;
  /** The number was put on the do-not-call list. Default false. */
  doNotCall?: boolean;
};

export type Conversation = {
  /** Unique, readable: "roofing-price-objection-then-no". */
  id: string;
  business: Business;
  direction: "inbound" | "outbound";
  /** Why an outbound call is made (a Dial's purpose). */
  purpose?: string;
  /** The callee's or caller's name as the app knows it. */
  callerName?: string;
  /** Times already taken in the calendar: [start "YYYY-MM-DD HH:mm", minutes]. */
  busy?: [string, number][];
  /** What the opening must (not) say. */
  opening?: { must?: Phrase[]; mustNot?: Phrase[] };
  turns: Turn[];
  expect: Expectation;
  /** Why the expectation is what it is, where a person might argue. */
  note?: string;
};
