import { describe, expect, it } from "vitest";
import { type Acts, readActs } from "./acts";

type Flag = Exclude<keyof Acts, "emergency">;

function expectAct(flag: Flag, yes: string[], no: string[]) {
  for (const text of yes) expect(readActs(text)[flag], `"${text}" is ${flag}`).toBe(true);
  for (const text of no) expect(readActs(text)[flag], `"${text}" is not ${flag}`).toBe(false);
}

describe("the dialogue acts a turn carries", () => {
  it("hears a stop request in any wording", () => {
    expectAct(
      "stopCalling",
      [
        "Take me off your list.",
        "please remove my number",
        "Don't call me again",
        "dont call here anymore!",
        "Stop calling this number.",
        "Put me on your do not call list",
        "I'm on the do-not-call registry, you shouldn't be calling",
        "Remove us from your calling list please",
        "Never call me again.",
        "Lose my number.",
        "I don't want any more calls from you",
        "quit calling me",
        "Unsubscribe me",
        "take this number off your list",
        "Do not contact me again",
        "delete my number from your system",
      ],
      [
        "Can you call me back tomorrow?",
        "I'd like to book an appointment",
        "what's the price?",
        "Don't worry about it, go ahead",
        "please call my husband instead",
        "not interested",
      ],
    );
  });

  it("tells a wrong number from someone who is just not interested", () => {
    expectAct(
      "wrongNumber",
      [
        "You have the wrong number.",
        "wrong number, sorry",
        "There's no one here by that name",
        "There's no Maria here.",
        "He doesn't live here anymore",
        "You've got the wrong person",
        "I don't know anyone by that name",
        "Nobody named Steve lives here",
        "Never heard of him.",
        "this isn't Karen's phone",
      ],
      ["I'm not interested", "Who is calling?", "Yes this is Maria", "I live here with my wife"],
    );
  });

  it("notices when someone asks whether it is a person", () => {
    expectAct(
      "identityQuestion",
      [
        "Are you a robot?",
        "wait, am I talking to a real person?",
        "Is this a recording?",
        "are you a human?",
        "Is this an automated call?",
        "Are you AI?",
        "r u a bot",
        "Can I speak to a real person?",
        "Is this a robocall?",
        "am I speaking with a machine",
      ],
      ["Are you open on Saturday?", "Is this the dentist's office?", "Are you able to come out today?"],
    );
  });

  it("recognises emergencies and which kind", () => {
    const cases: [string, string][] = [
      ["I smell gas in my kitchen", "gas"],
      ["It smells like gas in here", "gas"],
      ["we have a gas leak", "gas"],
      ["My house is on fire", "fire"],
      ["There's smoke coming from the outlet", "fire"],
      ["my dad is having chest pains", "medical"],
      ["She can't breathe!", "medical"],
      ["Someone is hurt, he fell off the ladder", "medical"],
      ["The carbon monoxide alarm is going off", "carbon_monoxide"],
      ["there's a power line down in my yard", "danger"],
    ];
    for (const [text, kind] of cases) expect(readActs(text).emergency, text).toBe(kind);
    for (const text of [
      "I'd like a quote for a fireplace",
      "Do you do gas line installs?",
      "how much does a furnace inspection cost",
      "I'm fired up about this offer",
      "my heart is set on Tuesday",
    ])
      expect(readActs(text).emergency, text).toBeNull();
  });

  it("hears goodbyes, and not a thank-you in the middle of a request", () => {
    expectAct(
      "goodbye",
      [
        "Thanks, bye",
        "ok bye",
        "Goodbye.",
        "thank you so much, have a great day",
        "That's all, thanks",
        "No, that's it",
        "I've got to go",
        "alright, talk to you later",
        "bye-bye",
        "perfect, thanks. bye!",
      ],
      [
        "thanks, can I book for Tuesday?",
        "Thank you, what are your hours?",
        "Hi, is this the plumber?",
        "I'd like to say goodbye to my old provider",
      ],
    );
  });

  it("hears a request to be called back, with or without a time", () => {
    expectAct(
      "callback",
      [
        "Call me back tomorrow at 3",
        "can you call me back later?",
        "Now's not a good time",
        "I'm driving right now, try me later",
        "I'm in a meeting, call me next week",
        "Could you try again on Monday?",
        "I can't talk right now",
        "Call back after 5",
        "can you ring me tomorrow morning",
        "Catch me another time",
      ],
      [
        "Take me off your list, don't call me back",
        "what time do you close?",
        "I called yesterday about my bill",
        "Yes I can talk",
      ],
    );
  });

  it("hears a no, and tells objections from refusals", () => {
    expectAct(
      "notInterested",
      [
        "Not interested.",
        "no thanks",
        "No thank you, we're all set",
        "I'm good, thanks",
        "We don't need that",
        "We already have a provider",
        "I'll pass",
        "nope",
        "not really interested at all",
      ],
      ["Sounds interesting, tell me more", "yes please", "How much is it?", "No problem, Tuesday works"],
    );
    expectAct(
      "objection",
      [
        "That's too expensive",
        "I can't afford it right now",
        "I need to think about it",
        "I'd have to talk to my wife",
        "Just send me some info",
        "We're happy with our current company",
        "How did you get my number?",
      ],
      ["What's included?", "Yes, I'm interested", "Tuesday at 4 works"],
    );
  });

  it("hears interest, yes and no", () => {
    expectAct(
      "interest",
      ["Sure, tell me more", "Sounds good", "I'm interested", "Yeah go ahead", "What do you have?"],
      ["Not interested", "Who is this?", "Take me off your list"],
    );
    expectAct("affirm", ["Yes", "yeah that works", "Sure", "Perfect", "ok"], ["no", "maybe later", "What?"]);
    expectAct("deny", ["No", "nope", "That doesn't work for me", "not really"], ["yes", "now works", "noon"]);
  });

  it("knows an answering machine's greeting", () => {
    expectAct(
      "voicemail",
      [
        "Hi, you've reached Sam. I can't come to the phone right now, please leave a message after the tone.",
        "The person you are calling is not available. Please record your message.",
        "This is the voicemail of Dana Smith",
        "The mailbox is full",
      ],
      ["Hello?", "Hi this is Sam speaking", "Yes who is this?"],
    );
  });

  it("tells a question from a statement", () => {
    expectAct(
      "question",
      [
        "How much does it cost?",
        "what are your hours",
        "Do you offer financing?",
        "I was wondering if you work weekends",
        "Can you tell me what's included",
        "is there a contract",
      ],
      ["I need a plumber", "My sink is leaking", "Yes", "Call me tomorrow"],
    );
  });

  it("hears a booking request", () => {
    expectAct(
      "booking",
      [
        "I'd like to book an appointment",
        "Can we schedule a demo?",
        "set up a time for Tuesday",
        "I need someone to come out and look at it",
        "I want to reschedule my appointment",
        "Could you arrange an inspection",
      ],
      ["What's the price?", "Not interested", "Who is this?"],
    );
  });
});
