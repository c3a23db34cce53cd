import {
  CLINIC,
  DENTAL_RECALL,
  INSURANCE_RENEWAL,
  LAW,
  LAW_FOLLOW_UP,
  PERSONAL,
  ROOFING_SALES,
  SCREENED,
  SOLAR_SALES,
  TELECOM_BUNDLE,
} from "./businesses";
import { ASKS_WHEN } from "./phrases";
import { at, between, type Conversation, DAY, days, onDay, say } from "./types";

/**
 * "Call me back": at a time said in every way people say times (tomorrow at 3, after 5,
 * Thursday morning, in an hour, half past four, next week), said at once or when asked,
 * corrected in the same breath, or without any time at all. Outbound, and inbound callers who
 * ask for someone to ring them back.
 */

const roof = {
  business: ROOFING_SALES,
  direction: "outbound",
  callerName: "Pat Jones",
  purpose: "follow up on your roof inspection request",
} as const;
const solar = { business: SOLAR_SALES, direction: "outbound", callerName: "Morgan Lee" } as const;
const fiber = { business: TELECOM_BUNDLE, direction: "outbound", callerName: "Sandra Kim" } as const;
const insurance = {
  business: INSURANCE_RENEWAL,
  direction: "outbound",
  callerName: "Robert Haynes",
  purpose: "offer a quick review of your home policy before it renews",
} as const;

export const CALLBACKS: Conversation[] = [
  {
    id: "callback-in-a-meeting-in-an-hour",
    ...solar,
    turns: [say("I'm in a meeting, call me back in an hour.")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "10:55", "11:15") },
  },
  {
    id: "callback-after-five",
    ...solar,
    turns: [say("Can you try me after 5?")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "17:00", "17:30") },
  },
  {
    id: "callback-not-good-time-thursday-morning",
    ...roof,
    turns: [say("This isn't a good time.", { must: [ASKS_WHEN] }), say("Thursday morning works better.")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.thursday, "08:00", "12:00") },
  },
  {
    id: "callback-tomorrow-at-3",
    ...fiber,
    turns: [say("call me tomorrow at 3")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.tomorrow, "15:00") },
  },
  {
    id: "callback-tomorrow-around-noon",
    ...insurance,
    turns: [say("Can't talk now. Try me tomorrow around noon.")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.tomorrow, "12:00") },
  },
  {
    id: "callback-friday-afternoon-around-2",
    ...roof,
    turns: [say("I'm at work. Could you call me back Friday afternoon, around 2?")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.friday, "14:00") },
  },
  {
    id: "callback-asked-then-monday",
    ...solar,
    turns: [say("I'm busy right now.", { must: [ASKS_WHEN] }), say("Monday.")],
    expect: { disposition: "call_back", ended: true, callback: onDay(DAY.monday) },
  },
  {
    id: "callback-next-week-sometime",
    ...insurance,
    turns: [say("Bad time, sorry."), say("Next week sometime.")],
    expect: { disposition: "call_back", ended: true, callback: days(DAY.monday, "2026-10-02") },
  },
  {
    id: "callback-later-this-afternoon",
    ...fiber,
    turns: [say("I'm with a customer. Can you call back later this afternoon?")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "12:00", "17:00") },
  },
  {
    id: "callback-half-past-four",
    ...roof,
    turns: [say("Not now, give me a call at half past four.")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.today, "16:30") },
  },
  {
    id: "callback-quarter-to-eleven-tomorrow",
    ...solar,
    turns: [say("Could you ring me back at a quarter to eleven tomorrow?")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.tomorrow, "10:45") },
  },
  {
    id: "callback-first-thing-tomorrow",
    ...insurance,
    turns: [say("I'm about to head out. Call me first thing tomorrow morning.")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.tomorrow, "08:00", "09:30") },
  },
  {
    id: "callback-tonight",
    ...fiber,
    turns: [say("I'm at work, call me tonight.")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "17:00", "21:00") },
    note: "A fiber seller calls people at home in the evening; tonight is tonight.",
  },
  {
    id: "callback-in-twenty-minutes",
    ...roof,
    turns: [say("Ring me back in twenty minutes, I'm just pulling into the driveway.")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "10:15", "10:30") },
  },
  {
    id: "callback-hesitant-wednesday-1030",
    ...solar,
    turns: [say("Not now. Um. Maybe Wednesday at 10:30?")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.wednesday, "10:30") },
  },
  {
    id: "callback-on-the-30th",
    ...insurance,
    turns: [say("I'm traveling until the end of the month. Try me on the 30th.")],
    expect: { disposition: "call_back", ended: true, callback: onDay(DAY.nextWednesday) },
  },
  {
    id: "callback-whenever-just-not-now",
    ...roof,
    turns: [say("I'm busy.", { must: [ASKS_WHEN] }), say("I don't know, whenever. Just not now.")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.tomorrow, "08:00", "12:00") },
    note: "No time said twice: the next working morning, and the reply says when.",
  },
  {
    id: "callback-corrected-in-same-breath",
    ...fiber,
    turns: [say("Call me back at 2, no wait, I have the dentist then, 3:30 is better.")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.today, "15:30") },
  },
  {
    id: "callback-driving-asked-then-after-six",
    ...solar,
    turns: [say("I'm driving. Call me back.", { must: [ASKS_WHEN] }), say("After 6 tonight.")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "18:00", "18:30") },
  },
  {
    id: "callback-sick-kid-next-week",
    ...insurance,
    turns: [
      say("This really isn't a good time, my kid is home sick.", { must: [ASKS_WHEN] }),
      say("I don't know, maybe next week?"),
    ],
    expect: { disposition: "call_back", ended: true, callback: days(DAY.monday, "2026-10-02") },
  },
  {
    id: "callback-thursday-before-ten",
    ...roof,
    turns: [say("Call me back Thursday morning, before 10 if you can.")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.thursday, "08:00", "10:00") },
  },
  {
    id: "callback-around-lunchtime",
    ...fiber,
    turns: [say("busy right now, try me around lunchtime")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "11:30", "13:00") },
  },
  {
    id: "callback-dont-call-before-noon",
    ...solar,
    turns: [say("I work nights, don't call me before noon. Try me this afternoon.")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "12:00", "17:00") },
    note: "'Don't call me before noon' is when to call, not a request to stop calling.",
  },
  {
    id: "callback-dental-recall-busy-week",
    business: DENTAL_RECALL,
    direction: "outbound",
    callerName: "Olivia Brooks",
    turns: [say("Oh, this week is crazy for me. Can you call me back next Tuesday?")],
    expect: { disposition: "call_back", ended: true, callback: onDay(DAY.nextTuesday) },
  },
  {
    id: "callback-law-lunch-1230",
    business: LAW_FOLLOW_UP,
    direction: "outbound",
    callerName: "Ana Ruiz",
    turns: [say("I'm at work, I can't talk. Can you call me at lunch, around 12:30?")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.today, "12:30") },
  },

  // --- inbound: the caller asks to be rung back --------------------------------------------
  {
    id: "inbound-callback-venue-this-afternoon",
    business: PERSONAL,
    direction: "inbound",
    turns: [
      say(
        "Hi, this is Tom from the Lakeview venue. Can Dana call me back this afternoon about the June wedding?",
        {
          must: [/Dana/],
        },
      ),
    ],
    expect: { disposition: "call_back", ended: "either", callback: between(DAY.today, "12:00", "17:00") },
    note: "A receptionist promises the call back for this afternoon; closing there or asking if there is anything else are both fine.",
  },
  {
    id: "inbound-callback-nurse-tomorrow-morning",
    business: CLINIC,
    direction: "inbound",
    turns: [say("Hi, could the nurse call me back tomorrow morning about my test results?")],
    expect: { disposition: "call_back", ended: "either", callback: between(DAY.tomorrow, "08:00", "12:00") },
    note: "'Nurse' is a transfer keyword, but the caller asks for a call back tomorrow, not to be put through now.",
  },
  {
    id: "inbound-callback-attorney-after-three",
    business: LAW,
    direction: "inbound",
    turns: [say("Could one of the attorneys call me back after 3 today? I have a question about my lease.")],
    expect: { disposition: "call_back", ended: "either", callback: between(DAY.today, "15:00", "15:30") },
  },
  {
    id: "inbound-callback-supplier-before-four",
    business: SCREENED,
    direction: "inbound",
    turns: [
      say(
        "This is Greg from Dunmore Lumber. Mark's order is delayed. Have him call me back before 4 today, please.",
      ),
    ],
    expect: { disposition: "call_back", ended: "either", callback: between(DAY.today, "10:15", "16:00") },
  },
];
