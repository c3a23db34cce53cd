import { CLINIC, DENTAL } from "./businesses";
import { BOOKED, DOES_NOT_KNOW, MESSAGE_TAKEN, NO_MEDICAL_ADVICE } from "./phrases";
import { at, type Conversation, DAY, onDay, say } from "./types";

/**
 * A dental office and a medical clinic answering patients (the shipped templates): bookings
 * with times said in one breath or when asked, times that are taken or outside the hours, a
 * change of mind; questions the office's rules answer (insurance, hours, fees, what to bring),
 * questions they do not; dental emergencies to the office; no medical advice.
 */

const dental = { business: DENTAL, direction: "inbound" } as const;
const clinic = { business: CLINIC, direction: "inbound" } as const;

export const INBOUND_HEALTH: Conversation[] = [
  // --- dental: bookings ----------------------------------------------------------------------
  {
    id: "dental-cleaning-thursday-at-10",
    ...dental,
    turns: [say("Hi, I need to schedule a cleaning for Thursday at 10.", { must: [BOOKED, "Thursday"] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "10:00") },
  },
  {
    id: "dental-checkup-asked-when-next-tuesday",
    ...dental,
    turns: [
      say("I'd like to book a check-up.", { must: [/day|time|when/i] }),
      say("Next Tuesday at 2 in the afternoon.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.nextTuesday, "14:00") },
  },
  {
    id: "dental-insurance-then-friday-morning",
    ...dental,
    turns: [
      say("Do you take Delta Dental?", { must: ["Delta Dental"] }),
      say("Great, can I come in Friday morning for a cleaning?"),
      say("Yes, that works."),
    ],
    expect: {
      disposition: "booked",
      ended: false,
      appointment: { date: DAY.friday, from: "08:00", to: "12:00" },
    },
  },
  {
    id: "dental-thursday-10-taken-then-1pm",
    ...dental,
    busy: [["2026-09-24 10:00", 60]],
    turns: [
      say("Can I get a cleaning Thursday at 10?", { mustNot: [/booked for Thursday, September 24 at 10/i] }),
      say("Hmm, no. How about 1 pm then?", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "13:00") },
  },
  {
    id: "dental-too-early-then-eight",
    ...dental,
    turns: [
      say("Can I come in at 7 am on Wednesday for a check-up? Before work.", { mustNot: [/booked for/i] }),
      say("OK, 8 then.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.wednesday, "08:00") },
  },
  {
    id: "dental-sunday-then-monday",
    ...dental,
    turns: [
      say("Could I book a cleaning on Sunday?", { mustNot: [/booked for Sunday/i] }),
      say("Monday at 3 then.", { must: [BOOKED, "Monday"] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "15:00") },
  },
  {
    id: "dental-changes-mind-same-breath",
    ...dental,
    turns: [
      say("Book me for a cleaning Friday at 11. Actually, no, make that Friday at 2.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "14:00") },
  },
  {
    id: "dental-books-then-goodbye",
    ...dental,
    turns: [
      say("Hi, yeah, I need a check-up, um, Thursday at 3 if you have it.", { must: [BOOKED] }),
      say("That's all, thanks, bye."),
    ],
    expect: { disposition: "booked", ended: true, appointment: at(DAY.thursday, "15:00") },
  },
  {
    id: "dental-books-then-asks-what-to-bring",
    ...dental,
    turns: [
      say("I'm a new patient, can I book a check-up Monday at 10?", { must: [BOOKED] }),
      say("Do I need to bring anything?", { must: [/insurance card|15 minutes early|medical history/i] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "10:00") },
  },

  // --- dental: questions ---------------------------------------------------------------------
  {
    id: "dental-what-time-close-today",
    ...dental,
    turns: [say("What time do you close today?", { must: [/5 ?PM|5:00/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "dental-open-saturdays",
    ...dental,
    turns: [say("Are you guys open on Saturdays?", { must: [/first Saturday/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "dental-cancellation-fee",
    ...dental,
    turns: [say("Is there a fee if I have to cancel?", { must: ["$50", "24 hours"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "dental-new-patient-what-to-know",
    ...dental,
    turns: [
      say("I'm a new patient. Anything I should know before my first visit?", {
        must: [/15 minutes early/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "dental-cleaning-price-unknown",
    ...dental,
    turns: [say("How much is a cleaning without insurance?", { must: [DOES_NOT_KNOW] })],
    expect: { disposition: null, ended: false },
    note: "The office gave no price: the assistant says so and offers to find out, and names none.",
  },
  {
    id: "dental-whitening-unknown",
    ...dental,
    turns: [say("Do you do teeth whitening?", { must: [DOES_NOT_KNOW], mustNot: [/^yes/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "dental-how-long-is-a-cleaning",
    ...dental,
    turns: [say("How long does a cleaning take?", { must: [/about an hour/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "dental-metlife-aetna",
    ...dental,
    turns: [say("um, we have aetna through my husband's job, is that ok", { must: ["Aetna"] })],
    expect: { disposition: null, ended: false },
  },

  // --- dental: to the office, messages -------------------------------------------------------
  {
    id: "dental-severe-pain-swelling",
    ...dental,
    turns: [say("I have severe pain in my back tooth and my face is swelling up.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "dental-broke-a-tooth",
    ...dental,
    turns: [say("I broke a tooth on a popcorn kernel. It's not bleeding, but it's really sharp.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
    note: "A broken tooth is one of the office's transfer cases, said here as 'broke a tooth'.",
  },
  {
    id: "dental-running-late-message",
    ...dental,
    turns: [
      say("Hi, I have an 11 o'clock with Sarah the hygienist, I'm going to be ten minutes late.", {
        must: [MESSAGE_TAKEN],
      }),
    ],
    expect: { disposition: null, ended: false },
  },

  // --- clinic --------------------------------------------------------------------------------
  {
    id: "clinic-refill-takes-two-days",
    ...clinic,
    turns: [say("I need a refill on my blood pressure medication.", { must: [/two business days/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "clinic-lab-results",
    ...clinic,
    turns: [
      say("Are my lab results back yet? I had blood work last Thursday.", {
        must: [/portal|five business days/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "clinic-physical-monday-930",
    ...clinic,
    turns: [
      say("I need to make an appointment with Dr. Patel for a physical, Monday at 9:30.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "09:30") },
  },
  {
    id: "clinic-no-medical-advice",
    ...clinic,
    turns: [
      say("Should I take ibuprofen or Tylenol for my fever?", {
        must: [NO_MEDICAL_ADVICE],
        mustNot: [/take (?:the )?(?:ibuprofen|tylenol)/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "clinic-wants-the-nurse",
    ...clinic,
    turns: [say("Can I talk to the nurse? My incision looks red.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "clinic-what-to-bring",
    ...clinic,
    turns: [say("What should I bring to my first visit?", { must: [/photo ID/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "clinic-after-hours-doctor",
    ...clinic,
    turns: [
      say("If my daughter gets worse tonight, is there anyone I can call after you close?", {
        must: [/on-call|answering service/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "clinic-sick-visit-tomorrow-asked-when",
    ...clinic,
    turns: [
      say("My son has an ear infection I think, can we get in to see someone?", { must: [/day|time|when/i] }),
      say("Tomorrow any time after 2."),
      say("Yes please."),
    ],
    expect: {
      disposition: "booked",
      ended: false,
      appointment: { date: DAY.tomorrow, from: "14:00", to: "17:30" },
    },
  },
  {
    id: "clinic-booking-then-changes-day",
    ...clinic,
    turns: [
      say("I'd like an appointment for a check-up.", { must: [/day|time|when/i] }),
      say("Wednesday at 11. Oh wait, no, I have work. Friday at 11 is better."),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "11:00") },
  },
  {
    id: "clinic-any-day-next-week",
    ...clinic,
    turns: [say("Do you have anything open Monday?"), say("Sure, that's fine.")],
    expect: { disposition: "booked", ended: false, appointment: onDay(DAY.monday) },
  },
];
