import { LAW, REALTY } from "./businesses";
import { BOOKED, DOES_NOT_KNOW, NO_LEGAL_ADVICE } from "./phrases";
import { at, type Conversation, DAY, say } from "./types";

/**
 * A law office's intake line (never legal advice; arrests, papers served and court dates go to
 * an attorney) and a real estate office (showings booked within the rules, offers to the agent).
 */

const law = { business: LAW, direction: "inbound" } as const;
const realty = { business: REALTY, direction: "inbound" } as const;

export const INBOUND_LEGAL_AND_REALTY: Conversation[] = [
  // --- law office ----------------------------------------------------------------------------
  {
    id: "law-will-consultation-next-tuesday",
    ...law,
    turns: [say("I'd like to book a consultation about a will, next Tuesday at 10.", { must: [BOOKED] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.nextTuesday, "10:00") },
  },
  {
    id: "law-consultation-price",
    ...law,
    turns: [say("How much is a consultation?", { must: ["$150"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "law-injury-consultation-free",
    ...law,
    turns: [
      say("I was rear-ended last month. Do I have to pay for the first consultation?", { must: [/free/i] }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "law-no-advice-on-settlement",
    ...law,
    turns: [
      say("The insurance company sent me a settlement offer. Should I sign it?", {
        must: [NO_LEGAL_ADVICE],
        mustNot: [/you should (?:sign|not sign)|don'?t sign/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "law-confidential",
    ...law,
    turns: [say("Is what I tell you going to stay private?", { must: [/confidential/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "law-served-papers",
    ...law,
    turns: [say("I got served papers this morning, my ex is suing me for the house.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "law-restraining-order",
    ...law,
    turns: [say("I need a restraining order against my ex-boyfriend, he keeps showing up at my work.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "law-son-arrested",
    ...law,
    turns: [say("My son was arrested last night and they won't tell us anything.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "law-wants-to-speak-to-attorney",
    ...law,
    turns: [say("Can I speak to an attorney please?")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "law-immigration-unknown",
    ...law,
    turns: [say("Do you handle immigration cases?", { must: [DOES_NOT_KNOW], mustNot: [/^yes/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "law-office-hours",
    ...law,
    turns: [say("What are your office hours?", { must: [/9 ?AM to 5 ?PM|Monday to Friday/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "law-business-dispute-intake-then-books",
    ...law,
    turns: [
      say("Hi, I own a bakery and a supplier won't refund a deposit. I'd like to talk to someone about it."),
      say("Thursday at 11 would work for a consultation.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "11:00") },
    note: "Debatable: 'talk to someone about it' could be read as asking for a person (the template transfers those); a careful intake desk hears a new matter and offers the consultation, which is what this line is for.",
  },

  // --- real estate ---------------------------------------------------------------------------
  {
    id: "realty-showing-saturday-2pm",
    ...realty,
    turns: [
      say("Could I schedule a showing of the house on Elm Street Saturday at 2 pm?", {
        must: [BOOKED, "Saturday"],
      }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.saturday, "14:00") },
  },
  {
    id: "realty-wants-to-make-an-offer",
    ...realty,
    turns: [say("We saw the condo on Fifth yesterday and we want to make an offer.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "realty-commission",
    ...realty,
    turns: [say("What's your commission if I list with you?", { must: [/listing consultation/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "realty-preapproval-question-not-an-offer",
    ...realty,
    turns: [
      say("Do I need to be pre-approved before I can make an offer on a house?", { must: [/pre-approval/i] }),
    ],
    expect: { disposition: null, ended: false },
    note: "The words 'make an offer' are a transfer keyword, but this caller asks a question the rules answer; a careful agent answers it.",
  },
  {
    id: "realty-home-valuation",
    ...realty,
    turns: [
      say("I'm thinking about selling. Can you tell me what my house is worth?", {
        must: [/free home valuation/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "realty-showing-too-soon-today",
    ...realty,
    turns: [
      say("Can I see the townhouse on Birch today at 11?", {
        mustNot: [/booked for Tuesday, September 22 at 11/i],
      }),
      say("Ok, 1 pm then.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.today, "13:00") },
    note: "Showings need two hours notice: 11 is an hour away, 1 pm is fine.",
  },
  {
    id: "realty-renter-looking",
    ...realty,
    turns: [
      say("We're looking to rent a two bedroom, not buy. Can you help with that?"),
      say("Ok. We could come look at places Sunday at 11.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.sunday, "11:00") },
  },
];
