import {
  DENTAL,
  DENTAL_RECALL,
  INSURANCE_RENEWAL,
  PLUMBER_REMINDER,
  ROOFING_SALES,
  SATELLITE_SALES,
  SOLAR_SALES,
  TELECOM_BUNDLE,
} from "./businesses";
import { BOOKED, OFF_THE_LIST } from "./phrases";
import { at, type Conversation, DAY, say } from "./types";

/**
 * "Stop calling me", in the many ways people say it: politely, angrily, with the law behind it,
 * for someone else, after a rebuttal, in the middle of the script's questions, with a dropped
 * letter from speech recognition. Each lists the number, says so, and ends the call. And words
 * that only look like a stop request ("don't call me before noon").
 */

const roof = {
  business: ROOFING_SALES,
  direction: "outbound",
  callerName: "Pat Jones",
  purpose: "follow up on your roof inspection request",
} as const;
const solar = { business: SOLAR_SALES, direction: "outbound", callerName: "Morgan Lee" } as const;
const fiber = { business: TELECOM_BUNDLE, direction: "outbound", callerName: "Sandra Kim" } as const;
const satellite = { business: SATELLITE_SALES, direction: "outbound", callerName: "Dale Whitaker" } as const;
const insurance = {
  business: INSURANCE_RENEWAL,
  direction: "outbound",
  callerName: "Robert Haynes",
} as const;
const plumber = { business: PLUMBER_REMINDER, direction: "outbound", callerName: "Helen Cho" } as const;

const listed = { disposition: "do_not_call", ended: true, doNotCall: true } as const;
const confirms = { must: [OFF_THE_LIST] };

export const STOP_REQUESTS: Conversation[] = [
  {
    id: "stop-take-me-off-your-list",
    ...roof,
    turns: [say("Take me off your list.", confirms)],
    expect: listed,
  },
  {
    id: "stop-please-stop-calling",
    ...solar,
    turns: [say("Please stop calling me.", confirms)],
    expect: listed,
  },
  {
    id: "stop-dont-call-this-number-again",
    ...fiber,
    turns: [say("Don't call this number again.", confirms)],
    expect: listed,
  },
  {
    id: "stop-put-me-on-do-not-call",
    ...satellite,
    turns: [say("Put me on your do not call list.", confirms)],
    expect: listed,
  },
  {
    id: "stop-on-the-registry",
    ...insurance,
    turns: [say("I'm on the do not call registry, you shouldn't be calling me at all.", confirms)],
    expect: listed,
  },
  {
    id: "stop-remove-my-number",
    ...plumber,
    turns: [say("Remove my number, please.", confirms)],
    expect: listed,
  },
  {
    id: "stop-how-many-times",
    ...solar,
    turns: [say("How many times do I have to tell you people? Stop calling!", confirms)],
    expect: listed,
  },
  { id: "stop-lose-my-number", ...fiber, turns: [say("Lose my number.", confirms)], expect: listed },
  { id: "stop-unsubscribe", ...satellite, turns: [say("Unsubscribe.", confirms)], expect: listed },
  {
    id: "stop-never-call-here-again",
    ...roof,
    turns: [say("Never call here again.", confirms)],
    expect: listed,
  },
  { id: "stop-quit-calling", ...insurance, turns: [say("Quit calling me.", confirms)], expect: listed },
  {
    id: "stop-stop-contacting-me",
    ...plumber,
    turns: [say("I want you people to stop contacting me.", confirms)],
    expect: listed,
  },
  {
    id: "stop-fourth-time-this-week",
    ...solar,
    turns: [say("This is the fourth time this week. Don't ever call me again.", confirms)],
    expect: listed,
  },
  {
    id: "stop-scratch-me-off",
    ...fiber,
    turns: [say("Scratch me off whatever list you've got me on.", confirms)],
    expect: listed,
  },
  {
    id: "stop-no-more-calls-from-you-guys",
    ...satellite,
    turns: [say("Yeah, no. We don't want any more calls from you guys.", confirms)],
    expect: listed,
  },
  {
    id: "stop-for-my-mother",
    ...insurance,
    callerName: "Edith Haynes",
    turns: [
      say(
        "This is her son. Can you take my mom off your call list? She's 90 and these calls confuse her.",
        confirms,
      ),
    ],
    expect: listed,
  },
  {
    id: "stop-after-a-rebuttal",
    ...roof,
    turns: [say("Not interested."), say("I said no. Take me off your list.", confirms)],
    expect: listed,
  },
  {
    id: "stop-in-the-middle-of-the-questions",
    ...roof,
    turns: [
      say("Ok, sure.", { must: [/how old/i] }),
      say("About ten years."),
      say("Actually, you know what, just remove me from your list.", confirms),
    ],
    expect: listed,
  },
  {
    id: "stop-dropped-letters",
    ...solar,
    turns: [say("stop callin me", confirms)],
    expect: listed,
    note: "Speech recognition often drops the final g.",
  },
  {
    id: "stop-dont-want-to-be-contacted",
    ...plumber,
    turns: [say("I don't want to be contacted again. Thank you.", confirms)],
    expect: listed,
  },
  {
    id: "stop-no-more-calls-please",
    ...fiber,
    turns: [say("No more calls, please.", confirms)],
    expect: listed,
  },
  {
    id: "stop-do-not-call-me-ever",
    ...satellite,
    turns: [say("Do not call me. Ever.", confirms)],
    expect: listed,
  },
  {
    id: "stop-robocall-and-registry",
    ...insurance,
    turns: [say("Is this a robocall? Because I'm on the do not call list.", confirms)],
    expect: listed,
  },
  {
    id: "stop-recall-reminders",
    business: DENTAL_RECALL,
    direction: "outbound",
    callerName: "Olivia Brooks",
    turns: [say("I switched dentists. Please take me off the reminder calls.", confirms)],
    expect: listed,
  },
  {
    id: "stop-inbound-keep-calling-my-cell",
    business: DENTAL,
    direction: "inbound",
    turns: [
      say(
        "You guys keep calling my cell about a cleaning. I'm not a patient. Please take me off your list.",
        confirms,
      ),
    ],
    expect: listed,
  },

  // --- only looks like a stop request --------------------------------------------------------
  {
    id: "not-stop-dont-need-to-call-again-books",
    ...roof,
    turns: [
      say("You won't need to call me again, let's just book it now. Thursday at 10.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "10:00") },
  },
  {
    id: "not-stop-stop-wait-who-are-you",
    ...solar,
    turns: [say("Stop, stop, wait. Who did you say you were?", { must: ["BrightPath"] })],
    expect: { disposition: null, ended: false },
  },
];
