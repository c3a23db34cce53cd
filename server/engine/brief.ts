import type { WorkingHours } from "../../common/ai-settings";
import type { Fact } from "./knowledge";

/**
 * Everything a call's conversation is configured by, in one value: who speaks and for whom, what
 * it opens with and is calling about, what it knows, how it meets an objection, the questions it
 * asks in order, how it closes, when it transfers, how long it may run. Built by the agents area
 * from the call's agent, its script, the workspace's assistant settings and sign-up answers; the
 * engine reads nothing else. One brief shape for every call, inbound or outbound, real or
 * simulated.
 */
export type CallBrief = {
  direction: "inbound" | "outbound";
  /** Who is speaking: the agent's name (null: "the assistant") and the business it speaks for. */
  persona: {
    agentName: string | null;
    businessName: string;
    /** How the owner is named to callers ("Dana", "Acme Plumbing"). */
    ownerName: string;
    /** professional, friendly, casual or formal: picks the receptionist's phrasing. */
    tone: string;
    /** 1-10: an upset caller hears sympathy first from 6 up. */
    empathy: number;
    /** 1-10: 8 and up speaks without contractions, 3 and below with them. */
    formality: number;
    /** 1-10: how readily a no gets a rebuttal before the assistant lets go. */
    assertiveness: number;
  };
  /** The first thing said (the script's opening message, names filled in). */
  opening: string;
  /** Say in the opening that this is an automated assistant (several US states require it). */
  discloseAutomation: boolean;
  /** What an outbound call is about, as typed ("follow up on the roofing quote"); null: none given. */
  purpose: string | null;
  /** What the assistant may answer from: the agent's knowledge, the script's rules, the business. */
  facts: Fact[];
  /** The agent's answers to objections. */
  rebuttals: string[];
  /** The script's questions, asked in order, one per turn, remembered per call. */
  flowSteps: string[];
  /** How the agent closes a call (replaces the plain goodbye). */
  closing: string | null;
  appointments: { enabled: boolean; durationMinutes: number; bufferMinutes: number };
  workingHours: WorkingHours;
  timeZone: string;
  /** A call still going after this many minutes is wrapped up politely; null: no limit. */
  maxCallMinutes: number | null;
  /** Where a transfer puts the caller through: the script's number, else the owner's cell; null: nowhere. */
  transferNumber: string | null;
  /** The inbound receptionist's settings: block spam, forward urgent callers to the owner's cell. */
  screening: { autoBlockSpam: boolean; forwardUrgent: boolean; cellphoneNumber: string | null };
  /** What the business said about itself at sign-up (fed to a language model; also a fact). */
  description: string | null;
  /** The owner's own instructions to the assistant (Settings), for a language model. */
  customInstructions: string | null;
  /** More of how the agent works (its purpose, personality, techniques), for a language model. */
  guidance: string[];
};

/** {callerName}, {contactName}, {agentName}, {businessName}, {ownerName} in an opening or reply. */
export function fillNames(
  template: string,
  names: { callerName: string | null; agentName: string | null; businessName: string; ownerName: string },
): string {
  const caller = names.callerName?.trim().split(/\s+/)[0] ?? null;
  return (
    template
      // "Hi {callerName}," without a name reads "Hi," rather than "Hi there there".
      .replace(/\s*\{\s*(?:callerName|contactName|firstName)\s*\}/gi, caller ? ` ${caller}` : "")
      .replace(/\{\s*agentName\s*\}/gi, names.agentName ?? "your assistant")
      .replace(/\{\s*(?:businessName|companyName)\s*\}/gi, names.businessName)
      .replace(/\{\s*ownerName\s*\}/gi, names.ownerName)
      .replace(/^\s*,\s*/, "")
      .replace(/\s+([,.!?])/g, "$1")
      .trim()
  );
}
