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
  DOES_NOT_KNOW,
  FIRE_ADVICE,
  MEDICAL_ADVICE,
  MESSAGE_TAKEN,
  OFF_THE_LIST,
} from "./phrases";
import { at, between, type Conversation, DAY, onDay, say } from "./types";

/**
 * A second batch of callers in their own words, unlike the first (fresh-phrasings.ts) in who is
 * talking: people for whom English is a second language (dropped articles and verbs, "is
 * possible Saturday?", "we are six person"), elderly callers who tell the story first and the
 * point last, callees who are rude, sarcastic or curse mildly at a sales call, one-word answers
 * ("k", "idk", "nah", "depends"), questions answered with questions, minds changed twice, dates
 * as numbers ("the 1st", "10/2", "the 24th", "next tues") and loose times ("half 3", "quarter to
 * 5", "noonish", "first thing", "end of day", "after lunch"), emergencies told without the usual
 * words, goodbyes of many kinds. Each expectation is what a careful receptionist or rep would do,
 * decided before any run.
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
const transferred = { disposition: "transferred", ended: false, transferred: true } as const;
/** A message for a machine: who and why, and no question to nobody. */
const message = (who: string, why?: RegExp) => ({
  must: [who, ...(why ? [why] : [])],
  mustNot: [/good time to talk|do you have a minute|\?/i],
});
/** The roofer's opening said again later in the call. */
const ROOF_GREETING_AGAIN = /this is Riley from Summit Roofing/i;
/** "Thursday 1 October" and "Friday 2 October": dates said as numbers past the month's end. */
const OCTOBER_1 = "2026-10-01";
const OCTOBER_2 = "2026-10-02";

export const FRESH_PHRASINGS_2: Conversation[] = [
  // --- booked ----------------------------------------------------------------------------------
  {
    id: "fresh2-dental-second-language-son-tomorrow-morning",
    ...dental,
    turns: [
      say(
        "Hello. I want make appointment for my son Daniel Petrov, he have a little pain in the tooth since two days. Is possible tomorrow in the morning?",
      ),
      say("Yes, is good."),
    ],
    expect: { disposition: "booked", ended: false, appointment: between(DAY.tomorrow, "08:00", "11:59") },
    note: "A little pain for two days is a visit, not an emergency; any morning slot offered and accepted.",
  },
  {
    id: "fresh2-restaurant-second-language-six-person-seven-and-half",
    ...restaurant,
    turns: [
      say(
        "Good evening. Is possible a table Saturday? We are six person, seven and half. Name is Kowalczyk.",
        {
          mustNot: [/manager/i],
        },
      ),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.saturday, "19:30") },
    note: "'Seven and half' is 7:30, in the evening at a restaurant open 5 to 10; six is under the party size that goes to the manager.",
  },
  {
    id: "fresh2-auto-second-language-brake-noise-tomorrow-at-8",
    ...shop,
    turns: [
      say(
        "Hi, my car make a noise, like scratching, when I push the brake. I can bring it tomorrow early, 8 o'clock?",
      ),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.tomorrow, "08:00") },
    note: "A scraping noise when braking is a repair to book, not a breakdown or a tow.",
  },
  {
    id: "fresh2-dental-elderly-denture-story-then-thursday-at-ten",
    ...dental,
    turns: [
      say(
        "Oh hello, yes. My daughter usually makes these calls for me but she's away in Phoenix with the grandchildren, and I've had this upper plate, the denture, for oh, eleven years now, and lately it's been rubbing on one side, and my friend Edna said I shouldn't let it go. It's Dorothy Finch. I was hoping to come in Thursday morning, around ten, if that's alright.",
        { must: ["Thursday"] },
      ),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "10:00") },
  },
  {
    id: "fresh2-reminder-elderly-late-husband-friday-morning",
    ...reminder,
    turns: [
      say(
        "Oh, the water heater. Well, my Harold always took care of all that, God rest him, he passed two winters ago, and I couldn't tell you the first thing about it. I suppose somebody ought to look at it. Could they come Friday? In the morning, I don't like strangers in the house after dark.",
      ),
      say("Yes, that's fine, dear."),
    ],
    expect: { disposition: "booked", ended: false, appointment: between(DAY.friday, "08:00", "12:00") },
  },
  {
    id: "fresh2-recall-the-30th-after-lunch",
    ...recall,
    turns: [say("oh yeah I'm overdue. the 30th, after lunch?"), say("perfect")],
    expect: {
      disposition: "booked",
      ended: false,
      appointment: between(DAY.nextWednesday, "13:00", "14:00"),
    },
    note: "The 30th is Wednesday 30 September; 'after lunch' is about 1 PM.",
  },
  {
    id: "fresh2-dental-the-1st-at-nine-thirty-then-have-a-good-one",
    ...dental,
    turns: [
      say("hi it's Renata Silva, can I get a cleaning on the 1st? like 9:30", {
        must: [/October|Thursday/i],
      }),
      say("great, that's all I needed, have a good one"),
    ],
    expect: { disposition: "booked", ended: true, appointment: at(OCTOBER_1, "09:30") },
    note: "Said on 22 September, 'the 1st' is 1 October (a Thursday).",
  },
  {
    id: "fresh2-realty-ten-slash-two-at-4-catch-you-later",
    ...realty,
    turns: [
      say("Hey, we'd like to see the townhouse on Birch Lane. Is 10/2 at 4 open?", {
        must: [/October|Friday/i],
      }),
      say("Sweet, catch you later"),
    ],
    expect: { disposition: "booked", ended: true, appointment: at(OCTOBER_2, "16:00") },
    note: "An American caller's 10/2 is 2 October, a Friday; 4 within showing hours (10 to 7) is 4 PM.",
  },
  {
    id: "fresh2-auto-next-tues-first-thing-oil-change",
    ...shop,
    turns: [say("need an oil change, can I drop it off next tues first thing"), say("yep works")],
    expect: { disposition: "booked", ended: false, appointment: between(DAY.nextTuesday, "07:30", "08:30") },
    note: "'First thing' is when the shop opens, 7:30.",
  },
  {
    id: "fresh2-roof-answers-question-with-question-then-friday-at-10",
    ...roof,
    turns: [
      say("sure", { must: [/how old/i] }),
      say("why, what difference does that make?", {
        must: [/roof|years|age|old/i],
        mustNot: [ROOF_GREETING_AGAIN],
      }),
      say("ok fine, it's like 15", { must: [/leaks|shingles/i] }),
      say("no. so what now?", { must: [/inspection|schedule|time|day/i], mustNot: [/great day|goodbye/i] }),
      say("fine, friday at 10"),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "10:00") },
    note: "'Why does that matter?' deserves a short reason and the question again, not the greeting.",
  },
  {
    id: "fresh2-insurance-the-24th-quarter-to-3",
    ...insurance,
    turns: [
      say("go ahead", { must: [/changes|roof|addition/i] }),
      say("no, no changes", { mustNot: [/changes to the home/i] }),
      say("ok. the 24th, quarter to 3"),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "14:45") },
  },
  {
    id: "fresh2-restaurant-half-seven-friday-ta-ra",
    ...restaurant,
    turns: [
      say("Table for two Friday, half seven please, name's Bryce.", { must: [/7:30/] }),
      say("Lovely, cheers, ta-ra."),
    ],
    expect: { disposition: "booked", ended: true, appointment: at(DAY.friday, "19:30") },
    note: "'Half seven' is 7:30; 'ta-ra' is goodbye.",
  },
  {
    id: "fresh2-clinic-second-language-monday-after-lunch-blood-test",
    ...clinic,
    turns: [
      say(
        "Hello, I need do the blood test, doctor say me. Is possible Monday after lunch? My name is Nguyen Van An.",
      ),
      say("Yes ok."),
      say("Thank you very much. Goodbye."),
    ],
    expect: { disposition: "booked", ended: true, appointment: between(DAY.monday, "13:00", "14:00") },
  },
  {
    id: "fresh2-plumber-the-26th-saturday-morning",
    ...plumber,
    turns: [
      say(
        "my garbage disposal's jammed, can someone come out on the 26th, that's a saturday right? morning, 14 Crane Street",
      ),
      say("yep"),
    ],
    expect: { disposition: "booked", ended: false, appointment: between(DAY.saturday, "08:00", "10:00") },
    note: "The morning window is 8 to 12; a two-hour visit starts by 10.",
  },
  {
    id: "fresh2-solar-no-then-yes-then-thursday-at-10",
    ...solar,
    turns: [
      say("hmm, maybe. i dunno. no, actually, i don't think so", {
        must: [/free|\$0 down|less each month|no commitment/i],
      }),
      say("...well ok, if it's really free. what days you got?", { mustNot: [/great day|goodbye/i] }),
      say("thursday at 10"),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.thursday, "10:00") },
    note: "Maybe, then no, then yes: the soft no gets one rebuttal and the yes is booked.",
  },
  {
    id: "fresh2-recall-call-next-week-no-book-monday-8-no-9",
    ...recall,
    turns: [
      say(
        "can you call me next week about it? actually no, let's just book it now. monday at 8. hmm, no, monday at 9 is better",
        { must: [/9/] },
      ),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.monday, "09:00"), callback: null },
    note: "The last of three wishes counts: a visit on Monday at 9, and no call back.",
  },
  {
    id: "fresh2-satellite-second-language-unlimited-saturday-install",
    ...satellite,
    turns: [
      say("Yes, I have time.", { must: [/zip/i] }),
      say("Zip is 83254.", { must: [/people|how many/i] }),
      say("We are five person. My son work from home on the computer.", { must: [/unlimited|choice/i] }),
      say("Unlimited. Install is possible Saturday morning?"),
      say("Yes, good."),
    ],
    expect: { disposition: "booked", ended: false, appointment: between(DAY.saturday, "08:00", "12:00") },
  },
  {
    id: "fresh2-dental-reschedule-tomorrow-to-friday-at-2",
    ...dental,
    turns: [
      say(
        "Hi, this is Karen Wu, I have a cleaning tomorrow but something came up at work, can I push it to Friday, around 2?",
      ),
      say("yes please"),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.friday, "14:00") },
    note: "The old visit is not in this calendar; the careful move is to book Friday at 2 (and note the old one to cancel), not to send her away.",
  },
  {
    id: "fresh2-contractor-deck-quote-monday-whenever",
    ...contractor,
    turns: [
      say("Hey there, I'm after a quote for a new deck out back. Monday works, whenever suits Mark."),
      say("sure, that's fine"),
    ],
    expect: { disposition: "booked", ended: false, appointment: onDay(DAY.monday) },
  },
  {
    id: "fresh2-roofer-inbound-elderly-wind-then-wednesday-at-ten",
    ...roofer,
    turns: [
      say(
        "Good morning. My name is Walter Brandt. I'm eighty-four and I've lived in this house since 1971, and with that big wind on Saturday the neighbor's boy says there are shingles lying in my flower beds. Somebody told me you people look at roofs for nothing, is that right?",
        { must: [/free/i] },
      ),
      say("Well then, would Wednesday at ten suit?"),
    ],
    expect: { disposition: "booked", ended: false, appointment: at(DAY.wednesday, "10:00") },
  },

  // --- call back -------------------------------------------------------------------------------
  {
    id: "fresh2-callback-roof-half-three",
    ...roof,
    turns: [say("ah, you've caught me up to my elbows in bread dough, love. ring me back half 3?")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.today, "15:30") },
    note: "'Half 3' is half past three: 3:30 PM.",
  },
  {
    id: "fresh2-callback-solar-quarter-to-five-on-break",
    ...solar,
    turns: [say("I'm on the clock. call me quarter to 5, I'll be on my break")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.today, "16:45") },
  },
  {
    id: "fresh2-callback-fiber-tomorrow-noonish",
    ...fiber,
    turns: [say("can't talk, try me tomorrow noonish")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.tomorrow, "11:45", "12:15") },
  },
  {
    id: "fresh2-callback-insurance-first-thing-thursday",
    ...insurance,
    turns: [say("I'm headed out the door. give me a ring first thing thursday")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.thursday, "09:00", "09:30") },
    note: "First thing is when the agency opens, 9.",
  },
  {
    id: "fresh2-callback-satellite-friday-end-of-day",
    ...satellite,
    turns: [say("crazy week. try me friday end of day")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.friday, "16:00", "18:00") },
  },
  {
    id: "fresh2-callback-recall-second-language-after-lunch",
    ...recall,
    turns: [say("Sorry, now I am in work, I cannot speak. You call me after lunch, ok?")],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "13:00", "14:00") },
  },
  {
    id: "fresh2-callback-reminder-elderly-son-monday-afternoon",
    ...reminder,
    turns: [
      say(
        "Oh, my son Kevin handles all the house things for me since my hip, I wouldn't know what to tell you. He comes by on Mondays. Could you telephone again Monday afternoon, when he's here?",
      ),
    ],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.monday, "12:00", "16:00") },
  },
  {
    id: "fresh2-callback-roof-do-i-sound-like-i-have-a-minute",
    ...roof,
    turns: [
      say("do I sound like I have a minute? I'm at work", { must: [ASKS_WHEN] }),
      say("tomorrow at lunch I guess"),
    ],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.tomorrow, "12:00", "13:00") },
  },
  {
    id: "fresh2-callback-fiber-thursday-no-friday-no-thursday-at-2",
    ...fiber,
    turns: [say("call me thursday. no, friday. ugh, actually thursday's better, thursday at 2")],
    expect: { disposition: "call_back", ended: true, callback: at(DAY.thursday, "14:00") },
  },
  {
    id: "fresh2-callback-fiber-nope-then-tmrw",
    ...fiber,
    turns: [say("nope", { must: [ASKS_WHEN] }), say("idk. tmrw?")],
    expect: { disposition: "call_back", ended: true, callback: onDay(DAY.tomorrow) },
    note: "'Nope' to 'do you have a moment?' is not now, not a no to the offer: ask when, take tomorrow.",
  },
  {
    id: "fresh2-callback-inbound-clinic-form-after-3",
    ...clinic,
    turns: [
      say(
        "Hi, I'm calling about a form Dr. Patel needs to sign for my work. Could someone from the office ring me back after 3?",
      ),
    ],
    expect: { disposition: "call_back", ended: "either", callback: between(DAY.today, "15:00", "15:30") },
  },

  // --- do not call -----------------------------------------------------------------------------
  {
    id: "fresh2-stop-roof-registered-breaking-the-law",
    ...roof,
    turns: [
      say(
        "How'd you even get this number? I'm registered on the do-not-call list, you're breaking the law, buddy.",
        confirms,
      ),
    ],
    expect: listed,
  },
  {
    id: "fresh2-stop-solar-forget-you-ever-had-it",
    ...solar,
    turns: [say("Forget you ever had this number.", confirms)],
    expect: listed,
  },
  {
    id: "fresh2-stop-satellite-second-language-no-more-call",
    ...satellite,
    turns: [say("Please, no more call to this number. I not want, ok? Thank you.", confirms)],
    expect: listed,
  },
  {
    id: "fresh2-stop-recall-elderly-would-you-be-a-dear",
    ...recall,
    turns: [
      say(
        "Would you be a dear and not ring this number anymore? I'm ninety-one and it takes me ages to get to the phone.",
        confirms,
      ),
    ],
    expect: listed,
  },
  {
    id: "fresh2-stop-fiber-for-crying-out-loud",
    ...fiber,
    turns: [say("for crying out loud, I told you people last week, stop calling me, damn it!", confirms)],
    expect: listed,
  },
  {
    id: "fresh2-stop-insurance-prefer-not-going-forward",
    ...insurance,
    turns: [
      say("I'd prefer not to receive these calls going forward. Kindly update your records.", confirms),
    ],
    expect: listed,
  },
  {
    id: "fresh2-stop-inbound-dental-not-your-patient",
    ...dental,
    turns: [
      say(
        "Hi, you folks keep leaving reminder messages on my phone but I'm not one of your patients. Could you take my number out of your system?",
        confirms,
      ),
    ],
    expect: listed,
  },
  {
    id: "fresh2-stop-roof-sarcastic-heres-a-thought",
    ...roof,
    turns: [say("Here's a thought: never call me again. How's that sound?", confirms)],
    expect: listed,
  },
  {
    id: "fresh2-stop-satellite-price-then-dont-ever-call-back",
    ...satellite,
    turns: [
      say("how much is it", { must: [/\$150|\$100|\$120/] }),
      say("lol no. and don't ever call me back", confirms),
    ],
    expect: listed,
  },
  {
    id: "fresh2-stop-solar-another-sales-call-cross-me-off",
    ...solar,
    turns: [
      say("oh great, another sales call.", { mustNot: [/great day|goodbye/i] }),
      say("yeah, no. cross me off your list and get a real job", confirms),
    ],
    expect: listed,
  },

  // --- not interested --------------------------------------------------------------------------
  {
    id: "fresh2-no-roof-what-is-it-this-time-thanks-for-nothing",
    ...roof,
    turns: [
      say("oh great. what is it this time?", { must: [/roof|inspection/i] }),
      say("I don't need a roof, thanks for nothing"),
    ],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "fresh2-no-satellite-moving-out-of-state",
    ...satellite,
    turns: [say("we're moving out of state next month so there's really no point")],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "fresh2-no-recall-elderly-no-teeth-of-her-own",
    ...recall,
    turns: [
      say(
        "Oh honey, I haven't had my own teeth since the Carter administration! I don't think I need a cleaning, do you?",
      ),
    ],
    expect: { disposition: "not_interested", ended: true },
    note: "Full dentures: no cleaning to book; a kind word and a goodbye.",
  },
  {
    id: "fresh2-no-insurance-son-in-law-is-an-agent",
    ...insurance,
    turns: [
      say("My son-in-law is an agent with another outfit, he handles all our insurance. So no, thank you."),
    ],
    expect: { disposition: "not_interested", ended: "either" },
  },
  {
    id: "fresh2-no-law-follow-up-second-language-brother-fixed-it",
    ...lawFollowUp,
    turns: [
      say("No, we don't need anymore. My brother fix everything already with the other side. Thank you."),
    ],
    expect: { disposition: "not_interested", ended: true },
  },
  {
    id: "fresh2-no-fiber-depends-too-much-still-nah",
    ...fiber,
    turns: [
      say("depends. what's it cost?", { must: [/\$55|\$75/] }),
      say("nah, too much", { must: [/no contract|walk away/i] }),
      say("still nah"),
    ],
    expect: { disposition: "not_interested", ended: "either" },
  },
  {
    id: "fresh2-no-solar-maybe-then-no-no",
    ...solar,
    turns: [
      say("maybe. i dunno. what's it cost", { must: [/free|\$0 down/i] }),
      say("hmm. nah. yeah no. no."),
    ],
    expect: { disposition: "not_interested", ended: "either" },
    note: "'Yeah no' then 'no' is a no.",
  },
  {
    id: "fresh2-no-roof-k-idk-nah-nah",
    ...roof,
    turns: [
      say("k", { must: [/how old/i] }),
      say("idk", { mustNot: [ROOF_GREETING_AGAIN] }),
      say("nah", { mustNot: [ROOF_GREETING_AGAIN, /how old/i] }),
      say("nah"),
    ],
    expect: { disposition: "not_interested", ended: "either" },
    note: "'Idk' how old the roof is moves the questions on; 'nah' to leaks, then 'nah' to the inspection, is the no.",
  },
  {
    id: "fresh2-no-satellite-second-language-already-have-from-phone-company",
    ...satellite,
    turns: [
      say(
        "Sorry, my English not so good. Is for internet? I have already from the phone company, is ok for us, no need, thank you.",
      ),
    ],
    expect: { disposition: "not_interested", ended: "either" },
  },

  // --- interested ------------------------------------------------------------------------------
  {
    id: "fresh2-interested-solar-second-language-how-much-it-cost",
    ...solar,
    turns: [
      say("Sorry, my English is not so good. Solar for the roof? How much it cost?", {
        must: [/free|\$0 down/i],
      }),
    ],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fresh2-interested-roof-whats-the-catch",
    ...roof,
    turns: [say("what's the catch? nobody does nothing for free", { must: [/free|no obligation/i] })],
    expect: { disposition: "interested", ended: false },
    note: "A sceptical question about the free inspection is engagement with the offer.",
  },
  {
    id: "fresh2-interested-fiber-depends-faster-than-spectrum",
    ...fiber,
    turns: [
      say("depends. is it faster than what I got? I got 100 megs from spectrum", { must: [/500|gig/i] }),
    ],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fresh2-interested-insurance-what-if-i-move-the-cars",
    ...insurance,
    turns: [
      say("sure", { must: [/changes|roof|addition/i] }),
      say("nah, same as always. what would I save if I moved the cars over to you too?", { must: ["15%"] }),
    ],
    expect: { disposition: "interested", ended: false },
    note: "Debatable between interested and qualified: the script's one question is answered, but the call turns on the callee's question about bundling, which must be answered (15%) either way.",
  },
  {
    id: "fresh2-interested-recall-how-long-and-cigna",
    ...recall,
    turns: [
      say("how long is a cleaning these days? and you still take Cigna, right?", {
        must: [/hour/i, "Cigna"],
      }),
    ],
    expect: { disposition: "interested", ended: false },
  },
  {
    id: "fresh2-interested-fiber-probably-fine-then-gig-price",
    ...fiber,
    turns: [
      say("eh, we're probably fine with what we got", {
        must: [/no contract|walk away/i],
        mustNot: [/great day|goodbye/i],
      }),
      say("hmm. how much was the gig one?", { must: ["$75"] }),
    ],
    expect: { disposition: "interested", ended: false },
    note: "A soft 'probably fine' gets the one rebuttal; asking the price after it is interest.",
  },
  {
    id: "fresh2-interested-roof-second-language-pay-every-month",
    ...roof,
    turns: [
      say("My English not perfect. If I need new roof, I can pay little bit every month?", {
        must: [/0%|financing/i],
      }),
    ],
    expect: { disposition: "interested", ended: false },
  },

  // --- qualified -------------------------------------------------------------------------------
  {
    id: "fresh2-qualified-roof-k-like-20-ya-some-ill-call-u",
    ...roof,
    turns: [
      say("k", { must: [/how old/i] }),
      say("idk like 20", { must: [/leaks|shingles/i] }),
      say("ya some", { mustNot: [/how old|leaks or missing/i] }),
      say("maybe. i'll call u"),
    ],
    expect: { disposition: "qualified", ended: true },
    note: "Both questions answered and the callee will call: qualified, no call back for the roofer to make.",
  },
  {
    id: "fresh2-qualified-satellite-second-language-will-decide-day",
    ...satellite,
    turns: [
      say("Yes ok, I listen.", { must: [/zip/i] }),
      say("Zip is 97401. We are three person, my wife work from home with video call.", {
        must: [/unlimited|choice/i],
        mustNot: [/zip code|how many people/i],
      }),
      say("Choice 50 is enough I think."),
      say("I call you back when I decide the day. Bye bye."),
    ],
    expect: { disposition: "qualified", ended: true },
  },
  {
    id: "fresh2-qualified-law-follow-up-elderly-sisters-house",
    ...lawFollowUp,
    turns: [
      say("Oh yes, hello dear, now's fine, I was just feeding the cat.", {
        must: [/family|injury|business|estate/i],
      }),
      say(
        "Well, it's about my late sister's house. She left it to me and my nephew, and he's being very difficult about it, so estate, I suppose.",
        { must: [/court|deadline/i] },
      ),
      say("No court, no. But the bank sent a letter saying they need something by the end of October."),
      say("I'll have to ring you back once my son can drive me in. Thank you, dear. Goodbye."),
    ],
    expect: { disposition: "qualified", ended: true },
  },
  {
    id: "fresh2-qualified-insurance-new-roof-sleep-on-it",
    ...insurance,
    turns: [
      say("yeah go on", { must: [/changes|roof|addition/i] }),
      say("we did the roof in June, the whole thing, new shingles"),
      say("eh, I'll sleep on it. cheers, bye"),
    ],
    expect: { disposition: "qualified", ended: true },
  },
  {
    id: "fresh2-qualified-fiber-who-do-you-think",
    ...fiber,
    turns: [
      say("sure", { must: [/provider/i] }),
      say("why, who do you think? comcast, like everybody", {
        must: [/pay|month/i],
        mustNot: [/who is your (?:internet )?provider/i],
      }),
      say("way too much. like 160 with the TV"),
    ],
    expect: { disposition: "qualified", ended: false },
  },

  // --- wrong number ----------------------------------------------------------------------------
  {
    id: "fresh2-wrong-recall-elderly-sons-old-number",
    ...recall,
    turns: [
      say(
        "Oh no, dear, I think you've got the wrong number. This is Margaret. There's no Olivia here. This used to be my son's number years ago, when he was at college, but his name is Tom, and he lives in Denver now with his wife.",
        apologises,
      ),
    ],
    expect: wrong,
  },
  {
    id: "fresh2-wrong-satellite-second-language-here-is-restaurant",
    ...satellite,
    turns: [
      say("No, no. Here is not Dale. This is restaurant, Golden Dragon. Wrong number, ok?", apologises),
    ],
    expect: wrong,
  },
  {
    id: "fresh2-wrong-fiber-ex-wife",
    ...fiber,
    turns: [
      say(
        "Sandra's my ex-wife. We split up three years back, she don't live here and I ain't got her number.",
        apologises,
      ),
    ],
    expect: wrong,
  },
  {
    id: "fresh2-wrong-roof-third-company-this-week",
    ...roof,
    turns: [
      say(
        "You're the third company this week asking for Pat. I just got this number last month. There's no Pat.",
        { must: [APOLOGY] },
      ),
    ],
    expect: wrong,
  },
  {
    id: "fresh2-wrong-inbound-law-elderly-foot-doctor",
    ...law,
    turns: [
      say(
        "Hello, is this Dr. Feldman's office? I have my appointment for my feet on Thursday and I wanted to ask if I need to bring my insurance card.",
        { must: [/Hale|Moreno|law/i] },
      ),
      say("Oh, for heaven's sake, I've dialed the wrong number again. I'm sorry, dear."),
    ],
    expect: wrong,
  },
  {
    id: "fresh2-wrong-inbound-restaurant-apartment-ad",
    ...restaurant,
    turns: [
      say("Hi, I'm calling about the apartment for rent on 5th Street, is it still available?", {
        must: [/Trattoria|restaurant|reservation/i],
      }),
      say("oh whoops, wrong number then, sorry about that"),
    ],
    expect: wrong,
  },

  // --- voicemail -------------------------------------------------------------------------------
  {
    id: "fresh2-voicemail-satellite-other-line-or-away",
    ...satellite,
    turns: [
      say(
        "Hi, you've reached Dale. I'm either on the other line or away from my desk. Leave your name and number and I'll get back to you.",
        message("SkyReach"),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "fresh2-voicemail-fiber-bilingual-greeting",
    ...fiber,
    turns: [
      say(
        "Hola, you've reached the Kim family. Deja tu mensaje, leave us a message después del tono.",
        message("MetroLink"),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "fresh2-voicemail-roof-elderly-couple-speak-slowly",
    ...roof,
    turns: [
      say(
        "This is Pat and Gene. We're probably out in the garden. Speak slowly and leave your number, twice please.",
        message("Summit Roofing"),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "fresh2-voicemail-recall-text-me-instead",
    ...recall,
    turns: [
      say(
        "hey it's olivia, I never check voicemail so just text me. or don't. *beep*",
        message("Bright Smiles"),
      ),
    ],
    expect: voicemail,
    note: "A machine, whatever it says: a short message is left.",
  },
  {
    id: "fresh2-voicemail-law-follow-up-out-of-office",
    ...lawFollowUp,
    turns: [
      say(
        "You have reached the desk of Ana Ruiz at Ruiz Bookkeeping. I am out of the office until Monday, September 28th. Please leave a message and I will return your call when I am back.",
        message("Hale and Moreno"),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "fresh2-voicemail-reminder-bake-sale",
    ...reminder,
    turns: [
      say(
        "Hi, this is Helen. If this is about the church bake sale, please call Linda instead. Otherwise, leave a message after the beep.",
        message("Rapid Rooter", /water heater|maintenance/i),
      ),
    ],
    expect: voicemail,
  },

  // --- transferred -----------------------------------------------------------------------------
  {
    id: "fresh2-transfer-plumber-water-through-ceiling-light",
    ...plumber,
    turns: [
      say(
        "Hi, um, there's water coming through the light fixture in my kitchen ceiling, like dripping out of the light",
        {
          must: [/(?:turn|switch|shut) (?:off|the)|breaker|don'?t touch|stay (?:away|clear)/i],
        },
      ),
    ],
    expect: transferred,
    note: "Water through a light fitting is a leak and an electrical danger: the power to it off, and the on-call technician.",
  },
  {
    id: "fresh2-transfer-clinic-husband-collapsed",
    ...clinic,
    turns: [
      say("My husband just collapsed on the kitchen floor and he's not answering me", {
        startsWith: MEDICAL_ADVICE,
      }),
    ],
    expect: transferred,
  },
  {
    id: "fresh2-transfer-dental-second-language-face-big-one-side",
    ...dental,
    turns: [
      say(
        "Please help, my face is very big on one side, much pain, I cannot open my mouth and I cannot sleep all night.",
      ),
    ],
    expect: transferred,
    note: "A swollen face and a jaw that will not open is the swelling the office puts straight through.",
  },
  {
    id: "fresh2-transfer-dental-elderly-word-with-the-girls-at-the-desk",
    ...dental,
    turns: [
      say(
        "Could I have a word with one of the girls at the front desk, dear? I don't do well with these machines.",
      ),
    ],
    expect: transferred,
  },
  {
    id: "fresh2-transfer-law-elderly-grandson-taken-by-police",
    ...law,
    turns: [
      say(
        "Hello? My grandson was taken by the police last night and nobody will tell me anything. I need one of your lawyers, please.",
      ),
    ],
    expect: transferred,
  },
  {
    id: "fresh2-transfer-auto-smoke-from-under-the-hood",
    ...shop,
    turns: [
      say(
        "there's smoke pouring out from under my hood, I pulled over on Route 9, can you send somebody to get it?",
        {
          must: [/safe|911|hurt|away from/i],
        },
      ),
    ],
    expect: transferred,
    note: "A careful person checks that the caller is out of danger before arranging the tow.",
  },
  {
    id: "fresh2-transfer-it-files-locked-pay-in-bitcoin",
    ...desk,
    turns: [
      say(
        "every computer in the office has a note on the screen saying our files are locked and we have to pay in bitcoin",
      ),
    ],
    expect: transferred,
  },
  {
    id: "fresh2-transfer-realty-rather-deal-with-an-agent",
    ...realty,
    turns: [say("Look, I'd rather deal with one of your agents directly. Can you connect me?")],
    expect: transferred,
  },
  {
    id: "fresh2-transfer-satellite-no-business-with-robots",
    ...satellite,
    turns: [say("Listen, I don't do business with robots. Put a real salesperson on the line.")],
    expect: transferred,
    note: "The dealer's script puts a callee who asks for a person through.",
  },
  {
    id: "fresh2-transfer-clinic-child-got-into-pills",
    ...clinic,
    turns: [
      say(
        "my little girl got into her grandma's pills, I don't know how many she took, she's really sleepy",
        {
          startsWith: MEDICAL_ADVICE,
        },
      ),
    ],
    expect: transferred,
  },

  // --- nothing to record -----------------------------------------------------------------------
  {
    id: "fresh2-none-dental-second-language-delta-insurance",
    ...dental,
    turns: [
      say("Excuse me, you take the Delta insurance? I have it from my work.", { must: [/Delta Dental/i] }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh2-none-restaurant-elderly-somewhere-to-leave-the-car",
    ...restaurant,
    turns: [
      say(
        "Hello, yes, my grandson is taking me out for my birthday dinner, and I don't get around like I used to, so I wanted to ask, is there somewhere close by for him to leave the car?",
        { must: [/parking/i, /behind/i] },
      ),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh2-none-auto-credit-card-or-cash-only",
    ...shop,
    turns: [
      say("do yous take credit cards or is it cash only", {
        must: [DOES_NOT_KNOW],
        mustNot: [/^(?:yes|yep|we do)\b/i, /cash only/i],
      }),
    ],
    expect: { disposition: null, ended: false },
    note: "The shop said nothing about payment: someone finds out, never a guess.",
  },
  {
    id: "fresh2-none-clinic-second-language-somebody-speak-spanish",
    ...clinic,
    turns: [
      say("Hello, somebody there speak Spanish? My English is not very good.", {
        must: [DOES_NOT_KNOW],
        mustNot: [/^(?:yes|sí|si)\b/i],
      }),
    ],
    expect: { disposition: null, ended: false },
    note: "The clinic said nothing about languages: no promise, someone checks.",
  },
  {
    id: "fresh2-none-law-second-language-how-much-first-meeting-divorce",
    ...law,
    turns: [say("How much is cost, the first meeting with the lawyer? Is for divorce.", { must: ["$150"] })],
    expect: { disposition: null, ended: false },
    note: "Only injury consultations are free; a divorce consultation is $150.",
  },
  {
    id: "fresh2-none-dental-cancel-tomorrow-mother-in-hospital",
    ...dental,
    turns: [
      say(
        "Hi, it's Gloria Mendes. I need to cancel my appointment for tomorrow, my mother is in the hospital.",
        {
          must: [APOLOGY, /name|message|noted|cancel|pass|let (?:the|our)|make sure/i],
        },
      ),
    ],
    expect: { disposition: null, ended: false },
    note: "The visit is not in this calendar: sympathy, and the cancellation noted for the office (or her details asked to find it), not only an offer to book.",
  },
  {
    id: "fresh2-none-reminder-smoke-from-outlet-behind-fridge",
    ...reminder,
    turns: [
      say("hang on, there's smoke coming out of the outlet behind my fridge", { startsWith: FIRE_ADVICE }),
    ],
    expect: { disposition: null, ended: true },
  },
  {
    id: "fresh2-none-insurance-wife-fainted",
    ...insurance,
    turns: [say("I can't do this now, my wife just fainted in the kitchen", { startsWith: MEDICAL_ADVICE })],
    expect: { disposition: null, ended: true },
  },
  {
    id: "fresh2-none-fiber-depends-how-long",
    ...fiber,
    turns: [
      say("depends. how long's this gonna take?", {
        must: [/minute|quick|moment|brief|provider/i],
        mustNot: [/great day|goodbye/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh2-none-realty-second-language-apartment-to-rent",
    ...realty,
    turns: [
      say("I look for apartment for rent, two bedroom. You have something?", {
        must: [/neighbou?rhood|area|where|price|budget|which/i],
      }),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh2-none-photographer-pet-portraits-then-toodles",
    ...photographer,
    turns: [
      say("Does Dana do pet portraits? My dog Biscuit just turned ten.", {
        must: [DOES_NOT_KNOW],
        mustNot: [/^yes/i],
      }),
      say("Okay, thanks a bunch, toodles!"),
    ],
    expect: { disposition: null, ended: true },
    note: "Dana does 'wedding and portrait photography'; whether pets count is not said, so a careful person says so and offers to ask rather than reciting the description.",
  },
  {
    id: "fresh2-none-photographer-neighbor-mum-had-a-fall",
    ...photographer,
    turns: [
      say(
        "I'm Dana's neighbour from across the street. Her mum's had a fall on the front steps and she isn't getting up.",
        { startsWith: MEDICAL_ADVICE, must: [/Dana/] },
      ),
    ],
    expect: { disposition: null, ended: false },
  },
  {
    id: "fresh2-none-photographer-message-for-dana-god-bless",
    ...photographer,
    turns: [
      say(
        "Hello, this is Pastor Okafor at Grace Community. Would you let Dana know the church hall is free for the Sunday photos after all.",
        { must: [MESSAGE_TAKEN] },
      ),
      say("That's all. God bless, goodbye."),
    ],
    expect: { disposition: null, ended: true },
  },
  {
    id: "fresh2-none-fiber-support-elderly-red-light-no-news",
    ...fiberSupport,
    turns: [
      say(
        "Hello, yes, my grandson set up this internet business for me at Christmas, and now the little box by the television has a red light on it and the television won't show me the news.",
        { must: [/unplug/i] },
      ),
    ],
    expect: { disposition: null, ended: false },
  },
];
