import { FIBER_SUPPORT, IT_DESK, SATELLITE_INBOUND } from "./businesses";
import { DOES_NOT_KNOW, MESSAGE_TAKEN } from "./phrases";
import { type Conversation, DAY, onDay, say } from "./types";

/**
 * A fiber provider's support line (a support agent answering from its knowledge), an IT help desk (the support template: no bookings, first checks, tickets) and a satellite
 * internet dealer's inbound sales line (the telecom template: plans and prices, installation at
 * least two days out, enterprise requests to a specialist).
 */

const desk = { business: IT_DESK, direction: "inbound" } as const;
const satellite = { business: SATELLITE_INBOUND, direction: "inbound" } as const;
const fiber = { business: FIBER_SUPPORT, direction: "inbound" } as const;

export const INBOUND_SUPPORT_AND_TELECOM: Conversation[] = [
  // --- fiber customer support ----------------------------------------------------------------
  {
    id: "fiber-support-internet-down",
    ...fiber,
    turns: [
      say("My internet's been down since last night and I work from home.", { must: [/unplug the router/i] }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fiber-support-outage-in-area",
    ...fiber,
    turns: [say("Is there an outage in my area right now?", { must: [/status/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fiber-support-bill-due",
    ...fiber,
    turns: [say("When is my bill due every month?", { must: ["15th"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fiber-support-technician-charge",
    ...fiber,
    turns: [say("If you send a technician, am I going to get charged for it?", { must: [/free/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fiber-support-wants-to-cancel",
    ...fiber,
    turns: [say("I'm moving out of state and I need to cancel my service.", { must: [MESSAGE_TAKEN] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fiber-support-technician-thursday-morning",
    ...fiber,
    turns: [
      say("I already restarted the router twice. Can a technician come out Thursday morning?"),
      say("Yes, that works."),
    ],
    expect: {
      disposition: "booked",
      ended: false,
      appointment: { date: DAY.thursday, from: "08:00", to: "10:00" },
    },
  },

  // --- IT support ----------------------------------------------------------------------------
  {
    id: "it-outlook-wont-open",
    ...desk,
    turns: [
      say("Outlook won't open since this morning, it just spins.", { must: [/ticket|noted|follow up/i] }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "it-password-reset",
    ...desk,
    turns: [say("How do I reset my password? I got locked out.", { must: [/self-service portal/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "it-internet-down-first-check",
    ...desk,
    turns: [
      say("The internet isn't working at my house, I work from home.", { must: [/restart the modem/i] }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "it-response-time",
    ...desk,
    turns: [say("How long until somebody gets back to me on a ticket?", { must: [/four business hours/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "it-technician-visit-no-booking",
    ...desk,
    turns: [
      say("Can a technician come by Thursday at 2 to set up the new printer?", {
        must: [/pass|someone will|not able to book|can'?t book|get back to you/i],
        mustNot: [/booked for/i],
      }),
    ],
    expect: { disposition: null, ended: false },
    note: "Bookings are off for the help desk: the request is passed on, nothing is booked.",
  },
  {
    id: "it-printer-jams-just-me",
    ...desk,
    turns: [
      say("The printer on the third floor keeps jamming."),
      say("I think it's just me, nobody else has said anything."),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "it-support-hours",
    ...desk,
    turns: [say("Are you guys available on weekends?", { must: [/Monday to Friday|around the clock/i] })],
    expect: { disposition: null, ended: false },
  },

  // --- satellite, inbound --------------------------------------------------------------------
  {
    id: "satellite-in-unlimited-price",
    ...satellite,
    turns: [say("How much is the unlimited plan per month?", { must: ["$150"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "satellite-in-cheapest-plan",
    ...satellite,
    turns: [say("What's your cheapest plan?", { must: [/Choice 30|\$100/] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "satellite-in-installation-free",
    ...satellite,
    turns: [say("Do I have to pay for installation?", { must: [/free/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "satellite-in-choice-50-install-friday",
    ...satellite,
    turns: [say("I'd like to sign up for Choice 50 and get it installed Friday."), say("Yes, that's good.")],
    expect: { disposition: "booked", ended: false, appointment: onDay(DAY.friday) },
    note: "A caller choosing a plan and an install day is booked, not handed to a closer.",
  },
  {
    id: "satellite-in-custom-equipment",
    ...satellite,
    turns: [say("We need custom equipment for a ranch with several outbuildings.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "satellite-in-fiber-unknown",
    ...satellite,
    turns: [say("Do you have fiber too?", { must: [DOES_NOT_KNOW], mustNot: [/^yes/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "satellite-in-money-back",
    ...satellite,
    turns: [say("What if I don't like it, can I get my money back?", { must: [/30-day/i] })],
    expect: { disposition: null, ended: false },
  },
];
