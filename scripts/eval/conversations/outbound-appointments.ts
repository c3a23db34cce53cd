import { DENTAL_RECALL, LAW_FOLLOW_UP, PLUMBER_REMINDER } from "./businesses";
import { BOOKED } from "./phrases";
import { at, type Conversation, DAY, onDay, say } from "./types";

/**
 * Calls that book: a dental office's six-month recall, a plumber's yearly maintenance reminder,
 * a law office returning a web enquiry. Times said at once or when asked, times outside the
 * hours or already taken, polite refusals.
 */

const recall = { business: DENTAL_RECALL, direction: "outbound", callerName: "Olivia Brooks" } as const;
const plumber = { business: PLUMBER_REMINDER, direction: "outbound", callerName: "Helen Cho" } as const;
const law = { business: LAW_FOLLOW_UP, direction: "outbound", callerName: "Ana Ruiz" } as const;

export const OUTBOUND_APPOINTMENTS: Conversation[] = [
  // --- dental recall -------------------------------------------------------------------------
  {
    id: "recall-yes-thursday-at-3",
    ...recall,
    opening: { must: ["Olivia", "Bright Smiles"] },
    turns: [say("Yes, sure. How about Thursday at 3?", { must: [BOOKED, "Thursday"] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "15:00") },
  },
  {
    id: "recall-yes-then-friday-morning",
    ...recall,
    turns: [say("Yes.", { must: [/day|time|when/i] }), say("Friday morning."), say("That's fine.")],
    expect: {
      disposition: "booked",
      ended: false,
      appointment: { date: DAY.friday, from: "08:00", to: "12:00" },
    },
  },
  {
    id: "recall-will-call-when-ready",
    ...recall,
    turns: [say("Not right now, I'll call you when I'm ready. Thanks.")],
    expect: { disposition: "not_interested", ended: true },
    note: "Not now and no time to call back: a polite no for this call.",
  },
  {
    id: "recall-moved-to-another-dentist",
    ...recall,
    turns: [say("Oh, I actually moved to a different dentist, thanks though.")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "recall-saturday-then-monday",
    ...recall,
    turns: [
      say("Can I do a Saturday?", { mustNot: [/booked for Saturday/i] }),
      say("Fine, Monday at 8 then.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "08:00") },
  },
  {
    id: "recall-how-long-then-next-tuesday",
    ...recall,
    turns: [
      say("How long does it take?", { must: [/about an hour/i] }),
      say("OK, put me down for next Tuesday at 9.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.nextTuesday, "09:00") },
  },
  {
    id: "recall-insurance-question",
    ...recall,
    turns: [say("Do you still take MetLife? I changed jobs.", { must: ["MetLife"] })],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "recall-tomorrow-430-too-late",
    ...recall,
    turns: [
      say("Tomorrow at 4:30?", { mustNot: [/booked for Wednesday, September 23 at 4:30/i] }),
      say("OK, sure."),
    ],
    expect: { disposition: "booked", ended: false, appointment: onDay(DAY.tomorrow) },
    note: "A one-hour cleaning at 4:30 would run past closing at 5: a nearer time that day is offered and accepted.",
  },
  {
    id: "recall-after-work-then-thursday-8",
    ...recall,
    turns: [
      say("Yes please, but I work until 5. Do you have anything after 5?", { mustNot: [/booked for/i] }),
      say("Fine, 8 am Thursday.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "08:00") },
  },
  {
    id: "recall-asked-time-taken-then-friday",
    ...recall,
    busy: [["2026-09-24 15:00", 60]],
    turns: [
      say("Thursday at 3?", { mustNot: [/booked for Thursday, September 24 at 3/i] }),
      say("No, that doesn't work. Friday at 3?", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "15:00") },
  },
  {
    id: "recall-books-then-goodbye",
    ...recall,
    turns: [say("Sure, Monday at 2 is good.", { must: [BOOKED] }), say("No, that's everything. Bye!")],
    expect: { disposition: "booked", ended: true, appointment: at(DAY.monday, "14:00") },
  },

  // --- plumber reminder ----------------------------------------------------------------------
  {
    id: "plumber-reminder-saturday-at-10",
    ...plumber,
    turns: [say("Oh yeah, it's about due. Would Saturday at 10 work?", { must: [BOOKED] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.saturday, "10:00") },
  },
  {
    id: "plumber-reminder-price-then-monday",
    ...plumber,
    turns: [say("How much is that again?", { must: ["$129"] }), say("OK, Monday at 1.", { must: [BOOKED] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "13:00") },
  },
  {
    id: "plumber-reminder-replaced-heater",
    ...plumber,
    turns: [say("We replaced the water heater last month, so no need, thanks.")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "plumber-reminder-arrival-window",
    ...plumber,
    turns: [
      say("Do I have to wait around all day?", { must: [/two-hour window|30 minutes ahead/i] }),
      say("Alright, Thursday at 8 in the morning.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "08:00") },
  },

  // --- law office follow-up ------------------------------------------------------------------
  {
    id: "law-follow-up-qualifies-and-books",
    ...law,
    turns: [
      say("Yes, this is a fine time.", { must: [/family|injury|business|estate/i] }),
      say("It's a divorce, so family I guess."),
      say("We have a mediation date on October 15th."),
      say("Yes. Can I come in Monday at 2?", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "14:00") },
  },
  {
    id: "law-follow-up-found-another-lawyer",
    ...law,
    turns: [say("I already found another lawyer, thank you.")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "law-follow-up-consult-price",
    ...law,
    turns: [say("Is the consultation free?", { must: [/\$150|free/i] })],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "law-follow-up-answers-then-not-ready",
    ...law,
    turns: [
      say("Sure."),
      say("It's about my late father's estate."),
      say("No court dates, no."),
      say("I need to think about it. That's all for now, goodbye."),
    ],
    expect: { disposition: "qualified", ended: true },
  },
];
