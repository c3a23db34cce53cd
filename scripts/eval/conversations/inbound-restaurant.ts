import { RESTAURANT } from "./businesses";
import { BOOKED } from "./phrases";
import { at, type Conversation, DAY, say } from "./types";

/**
 * A restaurant's reservation line (the shipped template), open Tuesday to Sunday evenings and
 * closed when these calls come in (Tuesday morning): tables booked in the evening hours, the
 * menu, parking and hours answered, private events and large parties to the manager.
 */

const restaurant = { business: RESTAURANT, direction: "inbound" } as const;

export const INBOUND_RESTAURANT: Conversation[] = [
  {
    id: "restaurant-table-for-two-friday-7",
    ...restaurant,
    turns: [say("I'd like a table for two on Friday at 7pm.", { must: [BOOKED, "Friday"] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "19:00") },
  },
  {
    id: "restaurant-vegan-options",
    ...restaurant,
    turns: [say("Do you have anything vegan on the menu?", { must: [/vegan/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "restaurant-parking",
    ...restaurant,
    turns: [say("Is there somewhere to park?", { must: [/parking/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "restaurant-hours",
    ...restaurant,
    turns: [say("What are your hours?", { must: [/5 ?PM to 10 ?PM/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "restaurant-open-mondays",
    ...restaurant,
    turns: [say("Are you open on Mondays?", { must: [/closed on Mondays/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "restaurant-tonight-six-thirty-for-four",
    ...restaurant,
    turns: [say("Can I get a reservation for four tonight at 6:30?", { must: [BOOKED] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.today, "18:30") },
  },
  {
    id: "restaurant-private-room-birthday",
    ...restaurant,
    turns: [say("We want to book the private room for my dad's 70th birthday.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "restaurant-party-of-ten-goes-to-manager",
    ...restaurant,
    turns: [say("Can I book a table for ten people on Saturday at 8?", { must: [/manager/i] })],
    expect: { disposition: null, ended: false },
    note: "Parties of eight or more are arranged with the manager: the table is not booked by the assistant.",
  },
  {
    id: "restaurant-monday-closed-then-next-tuesday",
    ...restaurant,
    turns: [
      say("Reservation for Monday at 7, please.", { mustNot: [/booked for Monday/i] }),
      say("Next Tuesday at 7 then.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.nextTuesday, "19:00") },
  },
  {
    id: "restaurant-sunday-closing",
    ...restaurant,
    turns: [say("How late are you open on Sunday?", { must: [/10 ?PM/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "restaurant-catering",
    ...restaurant,
    turns: [say("Do you do catering for an office lunch?")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "restaurant-anniversary-booking-then-bye",
    ...restaurant,
    turns: [
      say("Hi! It's our anniversary Saturday, could we get a table for two at 8?", { must: [BOOKED] }),
      say("Perfect, that's all, thank you! Bye."),
    ],
    expect: { disposition: "booked", ended: true, appointment: at(DAY.saturday, "20:00") },
  },
  {
    id: "restaurant-lunch-not-served",
    ...restaurant,
    turns: [
      say("Can I book a table for lunch tomorrow at noon?", {
        mustNot: [/booked for Wednesday, September 23 at 12/i],
      }),
    ],
    expect: { disposition: null, ended: false },
    note: "The restaurant opens at 5 PM: no lunch table can be booked.",
  },
];
