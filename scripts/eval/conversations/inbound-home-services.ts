import { AUTO_SHOP, PLUMBER, ROOFER_INBOUND } from "./businesses";
import { BOOKED, DOES_NOT_KNOW, MESSAGE_TAKEN } from "./phrases";
import { at, type Conversation, DAY, say } from "./types";

/**
 * Homeowners and drivers calling a plumber (the dispatch template), a roofer (an agent with its
 * own knowledge, no script) and an auto repair shop: service windows booked, fees and coverage
 * answered from what the business said, emergencies to the technician on call.
 */

const plumber = { business: PLUMBER, direction: "inbound" } as const;
const roofer = { business: ROOFER_INBOUND, direction: "inbound" } as const;
const shop = { business: AUTO_SHOP, direction: "inbound" } as const;

export const INBOUND_HOME_SERVICES: Conversation[] = [
  // --- plumber -------------------------------------------------------------------------------
  {
    id: "plumber-clogged-sink-thursday-afternoon",
    ...plumber,
    turns: [
      say("My kitchen sink is clogged, can someone come Thursday afternoon?"),
      say("Yes, that's fine."),
    ],
    expect: {
      disposition: "booked",
      ended: false,
      appointment: { date: DAY.thursday, from: "12:00", to: "14:00" },
    },
    note: "Service windows are two hours and the day ends at 4, so a Thursday-afternoon visit starts at 12 or 2.",
  },
  {
    id: "plumber-trip-charge",
    ...plumber,
    turns: [say("How much do you charge just to come out and look at it?", { must: ["$89"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "plumber-service-area",
    ...plumber,
    turns: [
      say("Do you guys come out as far as Brighton? It's about 20 miles from downtown.", {
        must: [/30 miles/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "plumber-licensed",
    ...plumber,
    turns: [say("Are your plumbers licensed and insured?", { must: [/licensed/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "plumber-water-heater-tomorrow-morning",
    ...plumber,
    turns: [
      say("My water heater is leaking a little from the bottom. Can you come tomorrow morning?"),
      say("Sure, that works."),
    ],
    expect: {
      disposition: "booked",
      ended: false,
      appointment: { date: DAY.tomorrow, from: "08:00", to: "10:00" },
    },
  },
  {
    id: "plumber-no-heat",
    ...plumber,
    turns: [say("We have no heat in the house and the baby's room is freezing.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "plumber-saturday-at-9",
    ...plumber,
    turns: [say("Can I get someone out Saturday at 9 for a running toilet?", { must: [BOOKED, "Saturday"] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.saturday, "09:00") },
  },
  {
    id: "plumber-basement-flooding",
    ...plumber,
    turns: [say("My basement is flooding, there's like two inches of water!")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "plumber-warranty-then-books",
    ...plumber,
    turns: [
      say("If you fix it and it breaks again, is there a warranty?", { must: [/one-year warranty/i] }),
      say("OK good. Put me down for Monday at 8 for the shower drain.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "08:00") },
  },
  {
    id: "plumber-after-hours-price",
    ...plumber,
    turns: [say("What does it cost if I need someone at night?", { must: ["$150"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "plumber-sunday-not-open",
    ...plumber,
    turns: [
      say("Can a plumber come Sunday morning?", { mustNot: [/booked for Sunday/i] }),
      say("Then Monday at 10.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "10:00") },
  },

  // --- roofer --------------------------------------------------------------------------------
  {
    id: "roofer-free-estimate-then-monday",
    ...roofer,
    turns: [
      say("Do you do free estimates?", { must: ["free"] }),
      say("Ok book me Monday at 10.", { must: [BOOKED, "Monday"] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "10:00") },
  },
  {
    id: "roofer-license-number",
    ...roofer,
    turns: [say("Are you licensed? What's your license number?", { must: ["RC-40311"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "roofer-warranty",
    ...roofer,
    turns: [say("What's the warranty on a new roof?", { must: ["25-year"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "roofer-financing",
    ...roofer,
    turns: [say("Do you guys offer financing?", { must: ["0%"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "roofer-new-roof-price-unknown",
    ...roofer,
    turns: [say("Ballpark, how much for a new roof on a ranch house?", { must: [DOES_NOT_KNOW] })],
    expect: { disposition: null, ended: false },
    note: "The roofer gave no roof price: the assistant offers the free inspection or a call back, never a number.",
  },
  {
    id: "roofer-inspection-asked-when",
    ...roofer,
    turns: [
      say("Hi, a storm took some shingles off, I'd like somebody to look at it."),
      say("Wednesday at 1?", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.wednesday, "13:00") },
  },

  // --- auto shop -----------------------------------------------------------------------------
  {
    id: "auto-oil-change-monday-9",
    ...shop,
    turns: [say("Can I bring my car in for an oil change Monday morning at 9?", { must: [BOOKED] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "09:00") },
  },
  {
    id: "auto-diagnostic-price",
    ...shop,
    turns: [say("My check engine light is on. How much is a diagnostic?", { must: ["$120"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "auto-loaner-cars",
    ...shop,
    turns: [say("Do you have loaner cars? I need mine for work.", { must: [/four hours/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "auto-broke-down-needs-tow",
    ...shop,
    turns: [say("My car broke down on Route 9 and I need a tow.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "auto-saturday-hours",
    ...shop,
    turns: [say("Are you open Saturday?", { must: [/Saturday 8 ?AM to 2 ?PM|Saturday/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "auto-is-my-car-ready",
    ...shop,
    turns: [
      say("Hi, I dropped off my Civic yesterday for brakes, is it ready yet?", {
        must: [MESSAGE_TAKEN],
        mustNot: [/it'?s ready|is ready/i],
      }),
    ],
    expect: { disposition: null, ended: false },
    note: "The assistant cannot see the repair: it takes the question for the shop, never says the car is ready.",
  },
  {
    id: "auto-brake-noise-wednesday",
    ...shop,
    turns: [say("My brakes are squeaking, could I drop it off Wednesday first thing?", { must: [BOOKED] })],
    expect: {
      disposition: "booked",
      ended: false,
      appointment: { date: DAY.wednesday, from: "07:30", to: "08:30" },
    },
  },
];
