import {
  AUTO_SHOP,
  CLINIC,
  DENTAL,
  DENTAL_RECALL,
  FIBER_SUPPORT,
  INSURANCE_RENEWAL,
  IT_DESK,
  LAW,
  LAW_FOLLOW_UP,
  PERSONAL,
  PLUMBER,
  PLUMBER_REMINDER,
  REALTY,
  RESTAURANT,
  ROOFER_INBOUND,
  ROOFING_SALES,
  SATELLITE_SALES,
  SCREENED,
  SOLAR_SALES,
  TELECOM_BUNDLE,
} from "./businesses";
import {
  APOLOGY,
  ASKS_WHEN,
  AUTOMATED,
  BOOKED,
  DOES_NOT_KNOW,
  GAS_ADVICE,
  MEDICAL_ADVICE,
  MESSAGE_TAKEN,
  OFF_THE_LIST,
} from "./phrases";
import { at, between, type Conversation, DAY, days, onDay, say } from "./types";

/**
 * The same jobs as the other themes, said the way people actually talk on the phone: fillers
 * ("uh", "like", "I mean"), run-on sentences, indirect requests ("I was wondering if maybe..."),
 * informal and regional words ("y'all", "gonna", "lemme", "ain't"), speech-recogniser text
 * (lowercase, no punctuation, dropped letters), two things asked in one breath, and corrections
 * halfway through a sentence. Written so the evaluation is not fitted to its own wordings: each
 * expectation is what a careful receptionist or rep would do, decided before any run.
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
const recall = { business: DENTAL_RECALL, direction: "outbound", callerName: "Olivia Brooks" } as const;
const reminder = { business: PLUMBER_REMINDER, direction: "outbound", callerName: "Helen Cho" } as const;
const lawFollowUp = { business: LAW_FOLLOW_UP, direction: "outbound", callerName: "Ana Ruiz" } as const;

const dental = { business: DENTAL, direction: "inbound" } as const;
const clinic = { business: CLINIC, direction: "inbound" } as const;
const plumber = { business: PLUMBER, direction: "inbound" } as const;
const law = { business: LAW, direction: "inbound" } as const;
const restaurant = { business: RESTAURANT, direction: "inbound" } as const;
const shop = { business: AUTO_SHOP, direction: "inbound" } as const;
const desk = { business: IT_DESK, direction: "inbound" } as const;
const realty = { business: REALTY, direction: "inbound" } as const;
const roofer = { business: ROOFER_INBOUND, direction: "inbound" } as const;
const photographer = { business: PERSONAL, direction: "inbound" } as const;
const contractor = { business: SCREENED, direction: "inbound" } as const;
const fiberSupport = { business: FIBER_SUPPORT, direction: "inbound" } as const;

const listed = { disposition: "do_not_call", ended: true, doNotCall: true } as const;
const confirms = { must: [OFF_THE_LIST] };
const wrong = { disposition: "wrong_number", ended: true } as const;
const apologises = { must: [APOLOGY], mustNot: [OFF_THE_LIST] };
const voicemail = { disposition: "voicemail", ended: true } as const;
/** A message for a machine: who and why, and no question to nobody. */
const message = (who: string, why?: RegExp) => ({
  must: [who, ...(why ? [why] : [])],
  mustNot: [/good time to talk|do you have a minute|\?/i],
});
/** The roofer's opening said again later in the call. */
const ROOF_GREETING_AGAIN = /this is Riley from Summit Roofing/i;

export const FRESH_PHRASINGS: Conversation[] = [
  // --- booked ----------------------------------------------------------------------------------
  {
    id: "fresh-roof-fillers-qualifies-books-thursday-at-4",
    ...roof,
    opening: { must: ["Pat", "Summit Roofing", AUTOMATED] },
    turns: [
      say("uh yeah i mean i got like a minute i guess", { must: [/how old/i] }),
      say("its like i dunno twelve maybe thirteen years", {
        must: [/leaks|shingles/i],
        mustNot: [/how old/i, ROOF_GREETING_AGAIN],
      }),
      say("yeah we got a couple shingles that like blew off in that wind thing last month", {
        must: [/time|schedule|set up|day|inspection/i],
        mustNot: [/how old|leaks or missing/i],
      }),
      say("could y'all come thursday at 4", { must: [BOOKED, "Thursday"] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "16:00") },
    note: "A bare 4 within the roofer's 9-to-5 day is 4 PM.",
  },
  {
    id: "fresh-roof-tuesday-said-on-tuesday-is-next-week",
    ...roof,
    turns: [
      say("yeah go ahead"),
      say("I was wondering if maybe someone could just come look at it Tuesday, like around 2?", {
        must: [BOOKED],
        mustNot: [/today/i],
      }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.nextTuesday, "14:00") },
    note: "Said on a Tuesday, 'Tuesday' without 'today' is next week's Tuesday, as 'Monday' said on a Monday is the next one.",
  },
  {
    id: "fresh-solar-corrects-day-mid-sentence",
    ...solar,
    turns: [
      say("ok so how does the uh the assessment thing work, is it like free or", { must: ["free"] }),
      say("alright lets do wednesday at 11, no wait, wednesday i got my kid's thing, make it friday at 11", {
        must: [BOOKED, "Friday"],
      }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "11:00") },
  },
  {
    id: "fresh-solar-warranty-and-booking-in-one-breath",
    ...solar,
    turns: [
      say("yeah sure, whats the warranty on them panels and can you guys come out monday at 3", {
        must: ["25-year", BOOKED],
      }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "15:00") },
  },
  {
    id: "fresh-recall-day-after-tomorrow-half-past-one",
    ...recall,
    turns: [
      say(
        "oh gosh has it been that long already, yeah um lemme see, the day after tomorrow at half past one?",
        {
          must: [BOOKED, "Thursday"],
        },
      ),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "13:30") },
  },
  {
    id: "fresh-recall-robot-then-friday-afternoon",
    ...recall,
    turns: [
      say("wait hold on is this a recording or like a real person", { must: [AUTOMATED] }),
      say("ok whatever, you got anything friday afternoon"),
      say("yeah that's fine"),
    ],
    expect: { disposition: "booked", ended: false, appointment: between(DAY.friday, "12:00", "16:00") },
    note: "A one-hour cleaning on a Friday afternoon in an office that closes at 5 starts by 4.",
  },
  {
    id: "fresh-recall-between-one-and-three-pm",
    ...recall,
    turns: [
      say("yeah I need to get in, thursday sometime between 1 and 3 pm would be best"),
      say("sure that works"),
    ],
    expect: { disposition: "booked", ended: false, appointment: between(DAY.thursday, "13:00", "15:00") },
    note: "The pm of a range applies to both ends: 1 is 1 PM.",
  },
  {
    id: "fresh-law-follow-up-injury-books-friday-at-10",
    ...lawFollowUp,
    turns: [
      say("yes now's fine", { must: [/family|injury|business|estate/i] }),
      say("uh it's a car accident so injury i guess, the other driver ran a red light", {
        must: [/court|deadline/i],
        mustNot: [/what kind of legal matter/i],
      }),
      say("no nothing like that yet", { mustNot: [/what kind of legal matter|court dates or deadlines/i] }),
      say("can i come in friday at 10", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "10:00") },
  },
  {
    id: "fresh-insurance-nothing-changed-books-at-2",
    ...insurance,
    turns: [
      say("sure go ahead", { must: [/changes|roof|addition/i] }),
      say("nope nothing new, same old house", { mustNot: [/changes to the home/i] }),
      say("ok yeah i could do a call thursday at 2", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "14:00") },
    note: "'Nothing new' answers the script's question; it is not a no to the review.",
  },
  {
    id: "fresh-satellite-answers-the-questions-books-friday-morning",
    ...satellite,
    turns: [
      say("i got a couple minutes sure", { must: [/zip/i] }),
      say("its eight oh five one seven", { must: [/people|how many/i], mustNot: [/zip/i] }),
      say("uh three of us, my wife works from home and the kids stream a lot", {
        must: [/unlimited|choice/i],
        mustNot: [/how many people/i],
      }),
      say("the unlimited i guess"),
      say("friday morning works"),
      say("yep"),
    ],
    expect: { disposition: "booked", ended: false, appointment: between(DAY.friday, "08:00", "12:00") },
  },
  {
    id: "fresh-dental-new-in-town-monday-nine-ish",
    ...dental,
    turns: [
      say(
        "hi yeah so i just moved here and i need like a new dentist and i was wondering if maybe you had something next week for a cleaning",
      ),
      say("um monday works, like 9ish?", { must: [BOOKED, "Monday"] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "09:00") },
  },
  {
    id: "fresh-clinic-work-physical-at-4",
    ...clinic,
    turns: [
      say("i need to get a physical for my new job, could i come in thursday at 4", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "16:00") },
    note: "A bare 4 within the clinic's 8-to-6 day is 4 PM.",
  },
  {
    id: "fresh-restaurant-four-people-saturday-around-8",
    ...restaurant,
    turns: [say("hey could i get a table for 4 saturday around 8", { must: [BOOKED, "Saturday"] })],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.saturday, "20:00") },
    note: "A restaurant open 5 to 10 PM reads a bare 8 as 8 PM.",
  },
  {
    id: "fresh-realty-oak-street-sunday-at-1",
    ...realty,
    turns: [
      say(
        "hi um we saw the listing for the place on Oak and we'd like to like go see it sunday at 1 if that's possible",
        { must: [BOOKED, "Sunday"] },
      ),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.sunday, "13:00") },
  },
  {
    id: "fresh-roofer-inbound-free-then-wednesday-at-3",
    ...roofer,
    turns: [
      say("hey do y'all do inspections for free or what", { must: ["free"] }),
      say("cool cool lemme get one wednesday at 3", { must: [BOOKED] }),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.wednesday, "15:00") },
  },
  {
    id: "fresh-photographer-headshots-then-bye",
    ...photographer,
    turns: [
      say("Hi there! I'm hoping to book a headshot session with Dana, is thursday at 11 open?", {
        must: [BOOKED],
      }),
      say("awesome thats all thanks so much bye"),
    ],
    expect: { disposition: "booked", ended: true, appointment: at(DAY.thursday, "11:00") },
  },

  // --- call back -------------------------------------------------------------------------------
  {
    id: "fresh-callback-roof-after-5-when-home",
    ...roof,
    turns: [say("oh man, i'm not home right now, can y'all call back after 5 when i'm home")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "17:00", "17:30") },
  },
  {
    id: "fresh-callback-solar-tomorrow-at-4",
    ...solar,
    turns: [say("uh this isn't really a good time, I mean, could you try me tomorrow at 4")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.tomorrow, "16:00") },
    note: "A bare 4 for a call back in the working day is 4 PM.",
  },
  {
    id: "fresh-callback-fiber-thursday-between-2-and-3",
    ...fiber,
    turns: [say("im at work rn can u call thursday between 2 and 3")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.thursday, "14:00", "15:00") },
  },
  {
    id: "fresh-callback-insurance-asked-then-quarter-past-eleven",
    ...insurance,
    turns: [
      say("can't talk, I'm literally walking into a meeting", { must: [ASKS_WHEN] }),
      say("uh quarter past eleven?"),
    ],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.today, "11:15") },
  },
  {
    id: "fresh-callback-recall-away-till-october",
    ...recall,
    turns: [say("oh hi, I'm actually out of the country till october, could you call me back then")],
    expect: { disposition: "call_back", ended: true, callback: days("2026-10-01", "2026-10-16") },
    note: "'Till October, call me back then' is early October; any day in its first two weeks is fair.",
  },
  {
    id: "fresh-callback-satellite-wife-decides-tonight-round-7",
    ...satellite,
    turns: [
      say("my wife's the one who handles the internet stuff and she ain't here, call back tonight round 7"),
    ],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.today, "19:00") },
  },
  {
    id: "fresh-callback-someone-else-answers-on-shift-till-6",
    ...solar,
    turns: [say("this is her husband, Morgan's on shift til 6, you could try her after that I guess")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "18:00", "18:30") },
    note: "Someone else answered: a person, not a machine, who says when Morgan can be reached.",
  },
  {
    id: "fresh-callback-solar-install-question-then-monday",
    ...solar,
    turns: [
      say(
        "how long does the install take, and actually can you just call me back monday, I'm slammed today",
        {
          must: [/one to two days|1 to 2 days|day or two/i],
        },
      ),
    ],
    expect: { disposition: "call_back", ended: true, callback: onDay(DAY.monday) },
  },
  {
    id: "fresh-callback-law-follow-up-tuesday-morning-said-on-tuesday",
    ...lawFollowUp,
    turns: [say("this isn't a great time honestly, could you call me tuesday morning instead")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.nextTuesday, "08:00", "12:00") },
    note: "Said on Tuesday morning, 'Tuesday morning instead' can only be next Tuesday.",
  },
  {
    id: "fresh-callback-inbound-clinic-billing-today-at-4",
    ...clinic,
    turns: [
      say(
        "yeah hi um i got a question about my bill, could somebody from billing give me a call back today at 4",
      ),
    ],
    expect: { disposition: "call_back", ended: "either", callback: at(DAY.today, "16:00") },
  },
  {
    id: "fresh-callback-inbound-contractor-mark-tomorrow-afternoon",
    ...contractor,
    turns: [
      say(
        "hey this is Rick, over on Pine Street, Mark was supposed to come by for a deck estimate, can he call me tomorrow afternoon",
        { must: [/Mark/] },
      ),
    ],
    expect: { disposition: "call_back", ended: "either", callback: between(DAY.tomorrow, "12:00", "17:00") },
  },

  // --- do not call -----------------------------------------------------------------------------
  {
    id: "fresh-stop-yall-keep-callin",
    ...roof,
    turns: [say("y'all keep callin me every dang day, I'm done, don't call here no more", confirms)],
    expect: listed,
  },
  {
    id: "fresh-stop-polite-and-indirect",
    ...solar,
    turns: [
      say(
        "I'm sorry, I'm not trying to be rude, but I'd really appreciate it if you could just, you know, take my name off whatever calling list I'm on",
        confirms,
      ),
    ],
    expect: listed,
  },
  {
    id: "fresh-stop-after-a-price-question",
    ...fiber,
    turns: [
      say("how much is the gig one", { must: ["$75"] }),
      say("ok nah, actually just stop calling this number, thanks", confirms),
    ],
    expect: listed,
  },
  {
    id: "fresh-stop-recogniser-typos",
    ...satellite,
    turns: [say("pleas remove me from ur call list", confirms)],
    expect: listed,
  },
  {
    id: "fresh-stop-threatens-to-report",
    ...insurance,
    turns: [say("this is harassment, if you call me one more time I'm reporting you to the FTC", confirms)],
    expect: listed,
  },
  {
    id: "fresh-stop-in-the-middle-of-the-questions",
    ...satellite,
    turns: [
      say("sure", { must: [/zip/i] }),
      say("actually you know what, I don't want y'all calling me, put me on the do not call", confirms),
    ],
    expect: listed,
  },
  {
    id: "fresh-stop-sold-the-house-dont-contact",
    ...reminder,
    turns: [say("we sold the house last spring, and please don't contact us about it again", confirms)],
    expect: listed,
    note: "The right person, who asks not to be contacted: the stop request is what is done.",
  },
  {
    id: "fresh-stop-daughter-answers-father-passed",
    ...roof,
    turns: [
      say("this is Pat's daughter. my dad passed away in the spring, please stop calling this number", {
        must: [OFF_THE_LIST, /sorry/i],
      }),
    ],
    expect: listed,
  },
  {
    id: "fresh-stop-inbound-auto-shop-service-special-calls",
    ...shop,
    turns: [
      say(
        "yeah hi you guys keep calling me about some service special, I ain't never even been to your shop, quit calling me",
        confirms,
      ),
    ],
    expect: listed,
  },

  // --- not interested --------------------------------------------------------------------------
  {
    id: "fresh-no-bare-nah-after-the-offer",
    ...roof,
    turns: [
      say("yeah I guess", { must: [/how old/i] }),
      say("pretty new, like 3 years", { must: [/leaks|shingles/i] }),
      say("nope no problems", {
        must: [/inspection|set up|schedule|time/i],
        mustNot: [/great day|goodbye|bye/i],
      }),
      say("nah"),
    ],
    expect: { disposition: "not_interested", ended: "either" },
    note: "'No problems' answers the leaks question; the bare 'nah' after the inspection is offered is the no. A rep may end there or try once more.",
  },
  {
    id: "fresh-no-money-tight-rebuttal-then-no",
    ...solar,
    turns: [
      say("honestly I don't got the money for solar right now, we're tight", {
        must: [/\$0 down|less each month|free/i],
      }),
      say("I hear ya but no, not gonna do it", { must: [/bye|great day|thank/i] }),
    ],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "fresh-no-think-about-it-rebuttal-then-pass",
    ...roof,
    turns: [
      say("I mean I'd have to think about it", { must: [/free inspection|something concrete/i] }),
      say("yeah no, I'll pass, thanks though"),
    ],
    expect: { disposition: "not_interested", ended: true },
    note: "'Yeah no' is a no.",
  },
  {
    id: "fresh-no-satellite-happy-with-what-we-got",
    ...satellite,
    turns: [
      say("we already got internet through the phone company and it's fine honestly", {
        must: [/30-day|money-back|slow/i],
      }),
      say("nope we're good"),
    ],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "fresh-no-fiber-not-interested-lowercase-bye",
    ...fiber,
    turns: [say("nah we're good, not interested thx bye")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "fresh-no-insurance-happy-with-what-i-got",
    ...insurance,
    turns: [say("I'm good with what I got, I don't really need a review, thank you though")],
    expect: { disposition: "not_interested", ended: "either" },
    note: "A polite no: ending there or a short reply before the callee hangs up are both fine.",
  },
  {
    id: "fresh-no-recall-dentist-closer-to-work",
    ...recall,
    turns: [say("oh, uh, we actually go to a dentist closer to work now, so no thanks")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "fresh-no-law-follow-up-settled-it",
    ...lawFollowUp,
    turns: [
      say(
        "oh that, yeah we ended up settling it ourselves, so we're all good, thanks for calling back though",
      ),
    ],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "fresh-no-reminder-does-it-himself",
    ...reminder,
    turns: [say("eh I just flush it myself every year, so I'm good")],
    expect: { disposition: "not_interested", ended: true },
    note: "A no with its reason ends the call.",
  },

  // --- interested ------------------------------------------------------------------------------
  {
    id: "fresh-interested-roof-financing-and-warranty-in-one-turn",
    ...roof,
    turns: [
      say("yeah sure, so like do you guys do financing and what kinda warranty", { must: ["0%", "25-year"] }),
    ],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fresh-interested-solar-how-long-is-the-assessment",
    ...solar,
    turns: [say("huh, ok, how long does this assessment thing take", { must: [/an hour/i] })],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fresh-interested-fiber-contract-and-install",
    ...fiber,
    turns: [
      say("is there like a contract or whatever, and do I gotta pay for install", {
        must: [/no contract/i, /free/i],
      }),
    ],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fresh-interested-satellite-choice-50-speed",
    ...satellite,
    turns: [say("whats the speed on the choice 50 one", { must: ["50 Mbps"] })],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fresh-interested-recall-xrays-and-how-long",
    ...recall,
    turns: [
      say("do i need xrays this time? and how long's it take", { must: [/once a year/i, /about an hour/i] }),
    ],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fresh-interested-roof-skylights-unknown-then-next-step",
    ...roof,
    turns: [
      say("do you guys fix skylights too", { must: [DOES_NOT_KNOW], mustNot: [/^yes/i] }),
      say("ok well I'd still want someone to look at the roof, what's the next step", {
        must: [/how old|when|day|time|schedule/i],
      }),
    ],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fresh-interested-solar-batteries-unknown",
    ...solar,
    turns: [
      say("do y'all put in batteries too, like a powerwall or something", {
        must: [DOES_NOT_KNOW],
        mustNot: [/^yes/i],
      }),
    ],
    expect: { disposition: "interested", ended: false },
    note: "Batteries are not in what the business said: no yes, no price, someone finds out.",
  },

  // --- qualified -------------------------------------------------------------------------------
  {
    id: "fresh-qualified-roof-old-house-will-call-when-ready",
    ...roof,
    turns: [
      say("yup go for it", { must: [/how old/i] }),
      say("oh man it's old, the house was built in like 98 and i don't think it's ever been redone", {
        must: [/leaks|shingles/i],
      }),
      say("yeah theres a drip in the garage when it rains hard", { mustNot: [/how old|leaks or missing/i] }),
      say("ok well we'll call y'all when we're ready, bye now"),
    ],
    expect: { disposition: "qualified", ended: true },
    note: "Both questions answered and no time given: a qualified lead who will call when ready.",
  },
  {
    id: "fresh-qualified-fiber-provider-and-bill-lowercase",
    ...fiber,
    turns: [
      say("ya sure", { must: [/provider/i] }),
      say("uh xfinity", { must: [/pay|month/i] }),
      say("like a hundred and forty something a month w tv"),
    ],
    expect: { disposition: "qualified", ended: false },
  },
  {
    id: "fresh-qualified-satellite-two-answers-in-one-breath",
    ...satellite,
    turns: [
      say("sure, zip's 59801 and it's me and my two teenagers who game all the time", {
        must: [/unlimited|choice/i],
        mustNot: [/zip code|how many people/i],
      }),
      say("unlimited for sure"),
      say("I'll figure out a day for the install and call y'all back, thanks, bye"),
    ],
    expect: { disposition: "qualified", ended: true },
    note: "The callee will call the dealer: not a call back for the dealer to make.",
  },
  {
    id: "fresh-qualified-insurance-finished-basement-will-think",
    ...insurance,
    turns: [
      say("yeah ok", { must: [/changes|roof|addition/i] }),
      say("well we finished the basement and put a deck on out back, if that counts"),
      say("lemme talk it over with my wife first, I'll get back to you. bye"),
    ],
    expect: { disposition: "qualified", ended: true },
  },
  {
    id: "fresh-qualified-law-follow-up-custody-will-call",
    ...lawFollowUp,
    turns: [
      say("yeah this is fine"),
      say("yeah um it's a, what do you call it, a custody thing, so family"),
      say("we got a hearing on the 9th"),
      say("ok I gotta check my work schedule, I'll call back to set it up. bye"),
    ],
    expect: { disposition: "qualified", ended: true },
  },

  // --- wrong number ----------------------------------------------------------------------------
  {
    id: "fresh-wrong-no-morgan-lowercase",
    ...solar,
    turns: [say("uh who? theres no morgan here u got the wrong number", apologises)],
    expect: wrong,
  },
  {
    id: "fresh-wrong-previous-tenant",
    ...fiber,
    turns: [say("Sandra? Oh, no, she was the tenant before us, she moved out a while back", apologises)],
    expect: wrong,
  },
  {
    id: "fresh-wrong-aint-dale-pal",
    ...satellite,
    turns: [say("this ain't Dale, you got the wrong number pal", apologises)],
    expect: wrong,
  },
  {
    id: "fresh-wrong-robot-question-and-no-pat",
    ...roof,
    turns: [say("is this a robot? anyway there's no Pat at this number", { must: [AUTOMATED, APOLOGY] })],
    expect: wrong,
  },
  {
    id: "fresh-wrong-inbound-clinic-meant-the-vet",
    ...clinic,
    turns: [
      say("hi is this the animal hospital? my dog ate a sock", { must: [/clinic|Riverside/i] }),
      say("oh shoot, wrong number, sorry"),
    ],
    expect: wrong,
  },
  {
    id: "fresh-wrong-inbound-auto-shop-meant-the-dmv",
    ...shop,
    turns: [
      say("is this the DMV? i need to renew my registration", { must: [/Eastside|auto|shop|not the DMV/i] }),
      say("oh my bad, wrong number"),
    ],
    expect: wrong,
  },

  // --- voicemail -------------------------------------------------------------------------------
  {
    id: "fresh-voicemail-out-on-the-boat",
    ...solar,
    turns: [
      say(
        "hey it's morgan, i'm probably out on the boat, leave me somethin and i'll hit you back",
        message("BrightPath"),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "fresh-voicemail-family-greeting",
    ...recall,
    turns: [
      say(
        "Hi, you've reached the Brooks family! We can't come to the phone right now, so leave us a message and we'll call you back.",
        message("Bright Smiles", /cleaning|visit|appointment/i),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "fresh-voicemail-office-after-hours-recording",
    ...roof,
    turns: [
      say(
        "You've reached Jones Accounting. Our office hours are nine to five. Please leave your name, number and a brief message.",
        message("Summit Roofing"),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "fresh-voicemail-mailbox-not-set-up",
    ...insurance,
    turns: [
      say("The person you are trying to reach has a voice mailbox that has not been set up yet. Goodbye."),
    ],
    expect: voicemail,
  },
  {
    id: "fresh-voicemail-recogniser-lowercase",
    ...fiber,
    turns: [say("hey this is sandra leave a message", message("MetroLink"))],
    expect: voicemail,
  },

  // --- transferred -----------------------------------------------------------------------------
  {
    id: "fresh-transfer-plumber-rotten-egg-smell",
    ...plumber,
    turns: [
      say(
        "um hi so like I just got home and theres this like rotten egg smell, I think its gas, in the kitchen by the stove",
        { startsWith: GAS_ADVICE },
      ),
    ],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "fresh-transfer-clinic-crushing-chest-pressure",
    ...clinic,
    turns: [
      say("my dad's got this like crushing pressure in his chest and his left arm is numb, what do i do", {
        startsWith: MEDICAL_ADVICE,
      }),
    ],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "fresh-transfer-dental-jaw-swole-up",
    ...dental,
    turns: [say("my jaw is all swole up and theres like pus, i think its an abscess, it hurts so bad")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "fresh-transfer-law-court-tomorrow-lawyer-quit",
    ...law,
    turns: [
      say(
        "I was wondering if maybe somebody could help me, I have to be in court tomorrow morning and my lawyer just quit on me",
      ),
    ],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "fresh-transfer-realty-cash-offer-on-maple",
    ...realty,
    turns: [say("yeah so we wanna put in a cash offer on the Maple St house before somebody else grabs it")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "fresh-transfer-auto-truck-died-on-interstate",
    ...shop,
    turns: [say("hey my truck just died on me on the interstate, y'all got a tow truck or what")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "fresh-transfer-dental-an-actual-human",
    ...dental,
    turns: [say("can you just put me through to somebody at the front desk, like an actual human")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "fresh-transfer-it-whole-office-dead-in-the-water",
    ...desk,
    turns: [
      say("hi nobody in the whole office can get email or get on the network, we're dead in the water"),
    ],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },
  {
    id: "fresh-transfer-restaurant-rehearsal-dinner-yall",
    ...restaurant,
    turns: [say("hi um i'm planning our rehearsal dinner, it'd be like 25 people, do y'all do that")],
    expect: { disposition: "transferred", ended: false, transferred: true },
  },

  // --- nothing to record -----------------------------------------------------------------------
  {
    id: "fresh-none-dental-cancel-fee-and-saturdays",
    ...dental,
    turns: [
      say("how much do y'all charge if i gotta cancel, and are you open saturdays", {
        must: ["$50", /first Saturday/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh-none-clinic-refill-how-long",
    ...clinic,
    turns: [
      say("yeah I called in a refill like yesterday, how long does that usually take", {
        must: [/two business days/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh-none-plumber-just-come-out-n-look",
    ...plumber,
    turns: [say("whats it cost for yall to just come out n look at it", { must: ["$89"] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh-none-plumber-septic-unknown",
    ...plumber,
    turns: [say("do you guys pump septic tanks", { must: [DOES_NOT_KNOW], mustNot: [/^yes/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh-none-auto-transmission-warranty",
    ...shop,
    turns: [
      say("if y'all fix my transmission and it goes out again, am i covered or what", {
        must: [/24-month|24,000/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh-none-restaurant-gluten-free-and-parking",
    ...restaurant,
    turns: [
      say("do you have gluten free stuff and like is there parking", { must: [/gluten-free/i, /parking/i] }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh-none-law-bankruptcy-unknown",
    ...law,
    turns: [say("I was wondering if y'all handle bankruptcy", { must: [DOES_NOT_KNOW], mustNot: [/^yes/i] })],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh-none-it-locked-out-again",
    ...desk,
    turns: [
      say("i got locked out of my account again, how do i get back in", { must: [/self-service portal/i] }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh-none-roofer-chimney-leak-price-unknown",
    ...roofer,
    turns: [say("how much y'all charge to fix a leak around a chimney", { must: [DOES_NOT_KNOW] })],
    expect: { disposition: null, ended: false },
    note: "The roofer gave no repair price: the free inspection or someone getting back, never a number.",
  },
  {
    id: "fresh-none-fiber-support-wifi-drops-then-bye",
    note: "Wifi that keeps dropping is not quite 'down', but the support line's first check (unplug the router) is what a careful agent suggests before logging it.",
    ...fiberSupport,
    turns: [
      say("my wifi keeps droppin like every hour or so", { must: [/unplug the router/i] }),
      say("ok i'll try that thanks bye"),
    ],
    expect: { disposition: null, ended: true },
  },
  {
    id: "fresh-none-realty-real-person-or-ai",
    ...realty,
    turns: [say("wait am i talkin to a real person or one of them AI things", { must: [AUTOMATED] })],
    expect: { disposition: null, ended: false },
    note: "Asking whether it is a person is not asking for one.",
  },
  {
    id: "fresh-none-insurance-real-person-then-whats-this-about",
    ...insurance,
    turns: [
      say("hold on is this a real person", { must: [AUTOMATED] }),
      say("ok so what's this about then", { must: [/policy|renew|review/i], mustNot: [/Hello Robert/i] }),
    ],
    expect: { disposition: null, ended: false },
    note: "The reason for the call is said again in other words; the greeting is not repeated.",
  },
  {
    id: "fresh-none-recall-husband-heart-attack",
    ...recall,
    turns: [
      say("I can't talk, my husband's clutching his chest, I think he's having a heart attack", {
        startsWith: MEDICAL_ADVICE,
      }),
    ],
    expect: { disposition: null, ended: true },
  },
  {
    id: "fresh-none-reminder-strong-gas-smell",
    ...reminder,
    turns: [say("hold on, it smells like gas in here, like really strong", { startsWith: GAS_ADVICE })],
    expect: { disposition: null, ended: true },
    note: "The callee must leave the house and call the gas company: the rep says so first and lets them go.",
  },
  {
    id: "fresh-none-dental-hello-can-you-hear-me",
    ...dental,
    turns: [
      say("hello? hello? can you hear me", {
        must: [/hear you|I'm here|yes/i],
        mustNot: [/thank you for calling the dental office/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh-none-photographer-print-lab-message-later",
    ...photographer,
    turns: [
      say(
        "hey it's uh Marcus from the print lab, tell Dana her album proofs are ready whenever, she can swing by like anytime this week",
        { must: [MESSAGE_TAKEN] },
      ),
      say("thats it thanks, later"),
    ],
    expect: { disposition: null, ended: true },
    note: "'Later' is a goodbye; a message with no time is not a call back.",
  },
  {
    id: "fresh-none-contractor-restaurant-remodel-is-commercial",
    ...contractor,
    turns: [
      say("hey I run a restaurant and we need the dining room redone, y'all do that kinda work?", {
        must: [/do not do commercial|don'?t do commercial|only (?:do )?residential/i],
      }),
    ],
    expect: { disposition: null, ended: false },
    note: "A restaurant's dining room is a commercial job, which the contractor said it does not do.",
  },
];
