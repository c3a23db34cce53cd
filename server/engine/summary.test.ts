import { describe, expect, it } from "vitest";
import { DEFAULT_INTENT } from "./analyze";
import { RULES } from "./rules";
import { type EngineState, initialState } from "./state";
import { readStructure } from "./structure";
import { INTENT_WORDING, summarizeCall } from "./summary";
import { CLASSIFICATIONS, type Classification } from "./types";

/** A call that ended after one turn understood as `label` with `intent`. */
function endedCall(
  label: Classification,
  intent: string | null,
  actionTaken: string,
  extra: Partial<EngineState> = {},
) {
  const state = initialState();
  state.turns = 1;
  state.evidence[label] = 1;
  state.intent = intent;
  state.actionTaken = actionTaken;
  state.stage = "ended";
  return { ...state, ...extra };
}

/** Every intent the local AI can name: the rules', the structure cues' and the per-class defaults. */
function engineIntents(): string[] {
  const structure = readStructure(
    "this is an automated message about your account, press 1 or call 1 888 555 0100",
  ).flatMap((cue) => (cue.intent ? [cue.intent] : []));
  const rules = RULES.flatMap((rule) => (rule.intent ? [rule.intent] : []));
  return [...new Set([...rules, ...structure, ...Object.values(DEFAULT_INTENT)])];
}

describe("end-of-call summaries, written as a person would", () => {
  it("says why a person called: 'Alice Booker called to book an appointment.'", () => {
    const state = endedCall(
      "appointment",
      "book an appointment",
      "Appointment booked for Tue, Nov 24 at 10:00 AM",
      {
        decidedClass: "appointment",
        appointmentId: "a1",
      },
    );
    expect(summarizeCall(state, "Alice Booker", "caller").summary).toBe(
      "Alice Booker called to book an appointment. Appointment booked for Tue, Nov 24 at 10:00 AM.",
    );
  });

  it("names a call nobody asked for by what it was, and says it was blocked", () => {
    const blocked = endedCall(
      "spam",
      "automated robocall",
      'Blocked as automated robocall ("press a key" (spam))',
      { decidedClass: "spam" },
    );
    expect(summarizeCall(blocked, "+15550100199", "assistant").summary).toBe(
      "A robocall from +15550100199; blocked.",
    );
    const warranty = endedCall("spam", "warranty scheme", "Blocked as warranty scheme", {
      decidedClass: "spam",
    });
    expect(summarizeCall(warranty, "+15550100199", "assistant").summary).toBe(
      "A robocall from +15550100199 about a vehicle warranty; blocked.",
    );
    const unblocked = endedCall(
      "spam",
      "unwanted or fraudulent call",
      "Flagged as likely spam; not blocked because auto-block is off",
      { message: ["we have a great offer for you"] },
    );
    expect(summarizeCall(unblocked, "Unknown", "caller").summary).toBe(
      "An unwanted call from Unknown; not blocked, because auto-block is off.",
    );
  });

  it("summarises a sales pitch as a sales call, never as a scam left over from another turn", () => {
    const pitch = endedCall("sales", "vendor pitch", "Sales inquiry noted for follow-up", {
      message: ["We help local businesses get more reviews."],
    });
    expect(summarizeCall(pitch, "Dana at BrightReach", "caller").summary).toBe(
      'A sales call from Dana at BrightReach pitching a product or service; noted for follow-up. Message: "We help local businesses get more reviews."',
    );
    // The call is a sales call on its evidence, but its last turn was read as spam.
    const leftover = endedCall("sales", "unwanted or fraudulent call", "Sales inquiry noted for follow-up");
    const summary = summarizeCall(leftover, "Bob", "caller").summary;
    expect(summary).toBe("Bob called with a sales inquiry. Sales inquiry noted for follow-up.");
    expect(summary).not.toMatch(/unwanted|fraudulent/);
  });

  it("words every intent the engine can name, for the class it belongs to", () => {
    const intents = engineIntents();
    expect(intents.length).toBeGreaterThan(40);
    for (const intent of intents) {
      const wording = INTENT_WORDING[intent];
      expect(wording, `no wording for the intent "${intent}"`).toBeDefined();
      const state = endedCall(wording!.label, intent, "Message taken");
      const summary = summarizeCall(state, "Sam Lee", "caller").summary;
      // Never an intent pasted after "about" ("called about book an appointment").
      expect(summary).not.toMatch(
        /called about (book|reschedule|cancel|confirm|report|running|wants|asks|unwanted)/,
      );
      expect(summary).toMatch(/^(Sam Lee called [a-z]|An? [a-z-]+( [a-z-]+)* from Sam Lee)/);
      expect(summary).toMatch(/[a-z)"]\.( [A-Z][^.]*\.)*$/);
      expect(summary).not.toMatch(/\.\.|\s\./);
    }
  });

  it("words each class's default when the call had no intent of its own", () => {
    for (const label of CLASSIFICATIONS) {
      const summary = summarizeCall(endedCall(label, null, "Message taken"), "Sam", "caller").summary;
      expect(summary).toMatch(/^(Sam called [a-z]|An? [a-z ]+ from Sam)/);
      expect(summary).not.toMatch(
        /about (unwanted or fraudulent call|commercial inquiry|customer support request|personal message|appointment request)/,
      );
    }
  });

  it("quotes a language model's own intent as the reason", () => {
    const state = endedCall(
      "appointment",
      "Book a haircut for Saturday.",
      "Asked the caller for a day and time",
    );
    expect(summarizeCall(state, "Jo", "caller").summary).toBe(
      "Jo called. Reason: Book a haircut for Saturday. Asked the caller for a day and time.",
    );
  });

  it("says plainly when nobody spoke, and who ended the call", () => {
    const silent = initialState();
    expect(summarizeCall(silent, "+15551234567", "caller").summary).toBe(
      "+15551234567 called and hung up without saying anything.",
    );
    expect(summarizeCall(silent, "+15551234567", "user").summary).toBe(
      "+15551234567 called; you ended the call before they said anything.",
    );
    const talking = endedCall("support", "report a fault", "Support request noted for follow-up", {
      message: ["My heater is broken."],
      stage: "message",
    });
    expect(summarizeCall(talking, "Ana", "user").summary).toBe(
      'Ana called to report something that is not working. Support request noted for follow-up. Message: "My heater is broken." You ended the call.',
    );
  });

  it("says an urgent call was put through", () => {
    const state = endedCall("important", "medical results", "Forwarded as urgent to +15551230000", {
      decidedClass: "important",
      stage: "handed_off",
      urgent: true,
    });
    expect(summarizeCall(state, "Dr. Shah's office", "user").summary).toBe(
      "Dr. Shah's office called about medical results. Forwarded as urgent to +15551230000.",
    );
  });
});
