import { INSURANCE_RENEWAL, ROOFING_SALES, SATELLITE_SALES, SOLAR_SALES, TELECOM_BUNDLE } from "./businesses";
import { AUTOMATED, BOOKED, DOES_NOT_KNOW } from "./phrases";
import { at, type Conversation, DAY, days, onDay, say } from "./types";

/**
 * Sales calls the business places: a roofer following up inspection requests, solar, satellite
 * internet and fiber dealers, an insurance renewal. People who are interested, who qualify by
 * answering the script's questions, who object once and then say no, who object and then book,
 * who ask what the business knows (and what it does not).
 */

const roof = {
  business: ROOFING_SALES,
  direction: "outbound",
  callerName: "Pat Jones",
  purpose: "follow up on your roof inspection request",
} as const;

const solar = { business: SOLAR_SALES, direction: "outbound", callerName: "Morgan Lee" } as const;

const satellite = {
  business: SATELLITE_SALES,
  direction: "outbound",
  callerName: "Dale Whitaker",
  purpose: "tell you about satellite internet plans at your address",
} as const;

const fiber = { business: TELECOM_BUNDLE, direction: "outbound", callerName: "Sandra Kim" } as const;

const insurance = {
  business: INSURANCE_RENEWAL,
  direction: "outbound",
  callerName: "Robert Haynes",
  purpose: "offer a quick review of your home policy before it renews",
} as const;

export const OUTBOUND_SALES: Conversation[] = [
  // --- roofing -------------------------------------------------------------------------------
  {
    id: "roof-qualifies-and-books",
    ...roof,
    opening: { must: ["Pat", "Summit Roofing", AUTOMATED] },
    turns: [
      say("Yeah, I've got a minute.", { must: [/how old/i] }),
      say("Uh, it's maybe twelve years old?", { must: [/leaks|shingles/i] }),
      say("Yeah, there's a water stain on the ceiling in the back bedroom.", {
        must: [/time|schedule|set up/i],
      }),
      say("Sure. Thursday at 10?", { must: [BOOKED, "Thursday"] }),
      say("No, that's it, thanks.", { must: [/bye|great day|take care/i] }),
    ],
    expect: { disposition: "booked", ended: true, appointment: at(DAY.thursday, "10:00") },
  },
  {
    id: "roof-price-of-inspection-then-declines",
    ...roof,
    turns: [
      say("yeah go ahead"),
      say("how much is the inspection gonna cost me?", { must: ["free"], mustNot: ["$150"] }),
      say("Ok. Nah, I'm good for now, thanks."),
      say("No, really, not interested. Bye."),
    ],
    expect: { disposition: "not_interested", ended: true },
    note: "A tarping price is not the answer to what the inspection costs. The last word is a no: the call is not_interested even though the callee asked a question earlier.",
  },
  {
    id: "roof-price-objection-then-firm-no",
    ...roof,
    turns: [
      say("Honestly it sounds too expensive, we just can't afford a new roof right now.", {
        must: [/free/i],
      }),
      say("No, really, I'm not interested.", { must: [/bye|great day|time/i] }),
    ],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "roof-wants-to-ask-wife-then-books",
    ...roof,
    turns: [
      say("I'd need to talk to my wife first."),
      say("Actually, you know what, let's just do it. How about Friday at 1?", { must: [BOOKED, "Friday"] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "13:00") },
  },
  {
    id: "roof-already-has-a-roofer",
    ...roof,
    turns: [say("We already have a roofer we use, thanks."), say("No thanks, we're happy with him.")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "roof-says-no-then-hangs-up-with-goodbye",
    ...roof,
    turns: [say("Not interested."), say("I said no. Goodbye.")],
    expect: { disposition: "not_interested", ended: true },
    note: "A no said with a goodbye is still a no: the disposition records it.",
  },
  {
    id: "roof-warranty-financing-then-books-monday",
    ...roof,
    turns: [
      say("sure"),
      say("Um, what kind of warranty do you guys give?", { must: ["25-year"] }),
      say("ok, and do you do financing?", { must: ["0%"] }),
      say("sounds good, book me for Monday at 11", { must: [BOOKED, "Monday"] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "11:00") },
  },
  {
    id: "roof-unknown-question-then-books",
    ...roof,
    turns: [
      say("Do you guys also clean gutters?", { must: [DOES_NOT_KNOW], mustNot: [/^yes/i] }),
      say("No, that's fine. I do want the inspection though. Tomorrow at 2?", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.tomorrow, "14:00") },
  },
  {
    id: "roof-interested-but-driving",
    ...roof,
    turns: [
      say("Yeah I'm interested but I'm driving right now, can you call me back tomorrow at 3?", {
        must: [/tomorrow|Wednesday/i, /3:00|3 PM/i],
      }),
    ],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.tomorrow, "15:00") },
  },
  {
    id: "roof-who-is-this-then-remove-me",
    ...roof,
    turns: [
      say("Who is this?", { must: ["Summit Roofing"] }),
      say("I never asked for any inspection. Take me off your list."),
    ],
    expect: { disposition: "do_not_call", ended: true, doNotCall: true },
  },
  {
    id: "roof-how-did-you-get-my-number-then-qualifies",
    ...roof,
    turns: [
      say("How did you get my number?", { must: [/inspection|request/i] }),
      say("Oh right, I did fill out that form online. OK.", { must: [/roof/i] }),
      say("It's about twenty years old.", { must: [/leaks|shingles/i] }),
      say("No leaks that I know of.", { mustNot: [/won'?t take any more of your time/i] }),
      say("Wednesday morning at 9 would be fine.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.wednesday, "09:00") },
    note: "'No leaks' answers the script's question: it is not a no to the call.",
  },
  {
    id: "roof-qualifies-but-not-ready",
    ...roof,
    turns: [
      say("Sure, what do you need to know?"),
      say("The roof? Like eight years."),
      say("A few shingles came off in the last storm."),
      say("I'll call you guys when I'm ready. That's all for now, bye."),
    ],
    expect: { disposition: "qualified", ended: true },
    note: "Both questions answered: a qualified lead who is not ready to book yet.",
  },
  {
    id: "roof-asked-time-is-taken",
    ...roof,
    busy: [["2026-09-24 10:00", 60]],
    turns: [
      say("Yes, I'd like to get the inspection done. Thursday at 10?", {
        mustNot: [/booked for Thursday, September 24 at 10:00/i],
      }),
      say("Yes, that works.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: onDay(DAY.thursday) },
  },
  {
    id: "roof-saturday-then-monday",
    ...roof,
    turns: [
      say("Can somebody come out Saturday morning?", { mustNot: [/booked for Saturday/i] }),
      say("Monday at 9 then.", { must: [BOOKED, "Monday"] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "09:00") },
    note: "The roofer works Monday to Friday: Saturday cannot be booked.",
  },
  {
    id: "roof-no-to-leaks-is-an-answer",
    ...roof,
    turns: [
      say("uh, um, yeah, sure, I guess, go ahead", { must: [/how old/i] }),
      say("uhh like fifteen, sixteen years maybe"),
      say("hmm, not that I've seen, no", { mustNot: [/won'?t take any more of your time|goodbye/i] }),
      say("yeah ok, let's get someone out there, Friday at 10 am", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "10:00") },
  },
  {
    id: "roof-didnt-catch-the-name",
    ...roof,
    turns: [
      say("Sorry, who did you say? I didn't catch that.", { must: ["Summit Roofing"] }),
      say("Oh, the roof people. Yeah, go on.", { must: [/roof/i] }),
    ],
    expect: { disposition: "interested", ended: false },
  },

  // --- solar ---------------------------------------------------------------------------------
  {
    id: "solar-bill-too-high-books",
    ...solar,
    opening: { must: ["BrightPath Solar", AUTOMATED] },
    turns: [
      say("Sure, what's this about?"),
      say("Yeah, our electric bill is crazy in the summer. Is the assessment free?", { must: ["free"] }),
      say("OK let's do it. Thursday at 4pm?", { must: [BOOKED, "Thursday"] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "16:00") },
  },
  {
    id: "solar-renter-not-a-fit",
    ...solar,
    turns: [say("I rent this place, I don't own it."), say("Yeah, so it's not my call. Sorry. Bye.")],
    expect: { disposition: "not_interested", ended: true },
    note: "A renter cannot buy panels: a careful rep thanks them and ends the call as not interested.",
  },
  {
    id: "solar-tax-credit-then-next-month",
    ...solar,
    turns: [
      say("How does the tax credit thing work?", { must: ["30%"] }),
      say("Cool. I'm not ready yet though. Call me back next month."),
    ],
    expect: { disposition: "call_back", ended: true, callback: days("2026-10-01", "2026-10-31") },
  },
  {
    id: "solar-asks-panel-price",
    ...solar,
    turns: [
      say("How much do the panels cost?", {
        must: [/assessment|quote|depends|don'?t have/i],
        mustNot: [/\$[1-9]/],
      }),
    ],
    expect: { disposition: "interested", ended: false },
    note: "The business gave no system price ($0 down is not a price): the rep must not make one up. Asking what it costs is interest.",
  },
  {
    id: "solar-scam-objection-then-no",
    ...solar,
    turns: [say("Solar is a scam, those panels never pay for themselves."), say("Not interested, thanks.")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "solar-already-has-panels",
    ...solar,
    turns: [say("We already have solar panels on the roof."), say("Yeah, I'm sure. We're all set.")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "solar-husband-tonight-at-7",
    ...solar,
    turns: [say("My husband handles all that and he's not home. Call back tonight after 7.")],
    expect: {
      disposition: "call_back",
      ended: true,
      callback: { date: DAY.today, from: "19:00", to: "19:30" },
    },
    note: "Outbound calls may be made in the evening; a rep calls when the household asked, not at the office's closing hour.",
  },
  {
    id: "solar-hello-then-no",
    ...solar,
    turns: [
      say("Hello?", { must: ["BrightPath"] }),
      say("Yeah I guess."),
      say("No. Actually, you know what, I'm not interested."),
      say("No thank you."),
    ],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "solar-install-time-question",
    ...solar,
    turns: [
      say("If I did this, how long does the install take?", { must: [/one to two days|1 to 2 days/i] }),
      say("Alright. Put me down for the assessment, Monday at 10.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "10:00") },
  },

  // --- satellite internet --------------------------------------------------------------------
  {
    id: "satellite-plans-then-install-thursday",
    ...satellite,
    turns: [
      say("Yeah, what plans do you have?", { must: [/unlimited|choice/i] }),
      say("How much is the Unlimited one?", { must: ["$150"] }),
      say("And is there a contract?", { must: [/no contract|30-day|money-back/i] }),
      say("OK, I'm interested. Can you install Thursday?"),
      say("Yes, that's fine."),
    ],
    expect: { disposition: "booked", ended: false, appointment: onDay(DAY.thursday) },
  },
  {
    id: "satellite-answers-all-questions",
    ...satellite,
    turns: [
      say("Sure, I have a couple minutes.", { must: [/zip/i] }),
      say("Zip is 80517."),
      say("Just me and my wife, and I work from home two days a week."),
      say("Probably the Choice 50."),
      say("That's all for now, bye."),
    ],
    expect: { disposition: "qualified", ended: true },
  },
  {
    id: "satellite-install-tomorrow-too-soon",
    ...satellite,
    turns: [
      say("I want the Unlimited plan. Can you install it tomorrow?", {
        must: [/two days|thursday|earliest/i],
        mustNot: [/booked for Wednesday/i],
      }),
      say("Thursday morning then."),
      say("Yes."),
    ],
    expect: { disposition: "booked", ended: false, appointment: between0812(DAY.thursday) },
    note: "Installation is at least two days from today: tomorrow cannot be booked.",
  },
  {
    id: "satellite-multiple-locations-transfer",
    ...satellite,
    turns: [say("I actually need internet for multiple locations for my business.")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "satellite-price-objection-then-no",
    ...satellite,
    turns: [
      say("A hundred fifty a month? That's way too expensive."),
      say("Even the cheaper one is too much for me. No thanks."),
    ],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "satellite-equipment-fee",
    ...satellite,
    turns: [say("Is there some equipment fee on top?", { must: ["$13"] })],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "satellite-speed-question",
    ...satellite,
    turns: [say("how fast is the unlimited one", { must: ["150 Mbps"] })],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "satellite-rain-question-then-books",
    ...satellite,
    turns: [
      say("Does it cut out when there's heavy rain?", { must: [DOES_NOT_KNOW] }),
      say("OK. Well, let's book the install for Friday at 9.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "09:00") },
  },

  // --- fiber internet and TV -----------------------------------------------------------------
  {
    id: "fiber-gig-price-and-tv",
    ...fiber,
    turns: [
      say("how much is the gig plan?", { must: ["$75"] }),
      say("and if I add TV?", { must: ["$40"] }),
      say("Nice. Yeah, I'm interested, what's next?"),
    ],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fiber-answers-provider-and-bill",
    ...fiber,
    turns: [
      say("Yeah, I got a minute.", { must: [/provider/i] }),
      say("Comcast.", { must: [/pay|month/i] }),
      say("About 120 bucks for both."),
    ],
    expect: { disposition: "qualified", ended: false },
  },
  {
    id: "fiber-in-contract-call-in-march",
    ...fiber,
    turns: [say("I'm stuck in a contract with Spectrum until March."), say("Then call me back in March.")],
    expect: { disposition: "call_back", ended: true, callback: days("2027-03-01", "2027-03-31") },
  },
  {
    id: "fiber-two-noes",
    ...fiber,
    turns: [say("No."), say("No thank you, bye.")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "fiber-data-caps",
    ...fiber,
    turns: [say("Are there any data caps?", { must: [/no data caps/i] })],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fiber-misheard-plan-name",
    ...fiber,
    turns: [say("yeah uh whats the price for the fibre five hundred", { must: ["$55"] })],
    expect: { disposition: "interested", ended: false },
  },

  // --- insurance renewal ---------------------------------------------------------------------
  {
    id: "insurance-review-booked",
    ...insurance,
    opening: { must: ["Lakeside Insurance", /\?$/] },
    turns: [
      say("Sure.", { must: [/changes|roof|addition/i] }),
      say("We put on a new roof in May."),
      say("Yes, tomorrow at 11.", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.tomorrow, "11:00") },
  },
  {
    id: "insurance-bundle-then-friday-callback",
    ...insurance,
    turns: [
      say("Do you guys do auto too?", { must: ["15%"] }),
      say("Let me think about it."),
      say("Sure, call me Friday afternoon."),
    ],
    expect: {
      disposition: "call_back",
      ended: true,
      callback: { date: DAY.friday, from: "12:00", to: "17:00" },
    },
  },
  {
    id: "insurance-already-switched",
    ...insurance,
    turns: [say("I already switched to another company last month."), say("No, thanks.")],
    expect: { disposition: "not_interested", ended: true },
  },
];

function between0812(date: string) {
  return { date, from: "08:00", to: "12:00" };
}
