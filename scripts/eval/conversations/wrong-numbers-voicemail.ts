import {
  DENTAL,
  DENTAL_RECALL,
  INSURANCE_RENEWAL,
  PLUMBER_REMINDER,
  RESTAURANT,
  ROOFING_SALES,
  SATELLITE_SALES,
  SOLAR_SALES,
  TELECOM_BUNDLE,
} from "./businesses";
import { APOLOGY, OFF_THE_LIST } from "./phrases";
import { between, type Conversation, DAY, say } from "./types";

/**
 * Calls that reach the wrong person or a machine. A wrong number is apologised for and ended
 * (never listed as do-not-call unless asked); an answering machine gets a short message that
 * says who called and why, never a question; a person who answers for someone else is a person,
 * not a machine.
 */

const roof = {
  business: ROOFING_SALES,
  direction: "outbound",
  callerName: "Pat Jones",
  purpose: "follow up on your roof inspection request",
} as const;
const solar = { business: SOLAR_SALES, direction: "outbound", callerName: "Morgan Lee" } as const;
const fiber = { business: TELECOM_BUNDLE, direction: "outbound", callerName: "Sandra Kim" } as const;
const satellite = {
  business: SATELLITE_SALES,
  direction: "outbound",
  callerName: "Dale Whitaker",
  purpose: "tell you about satellite internet plans at your address",
} as const;
const insurance = {
  business: INSURANCE_RENEWAL,
  direction: "outbound",
  callerName: "Robert Haynes",
  purpose: "offer a quick review of your home policy before it renews",
} as const;
const recall = { business: DENTAL_RECALL, direction: "outbound", callerName: "Olivia Brooks" } as const;
const plumber = { business: PLUMBER_REMINDER, direction: "outbound", callerName: "Helen Cho" } as const;

const wrong = { disposition: "wrong_number", ended: true } as const;
const apologises = { must: [APOLOGY], mustNot: [OFF_THE_LIST] };
const voicemail = { disposition: "voicemail", ended: true } as const;
/** A message for a machine: who and why, and no question to nobody. */
const message = (who: string, why?: RegExp) => ({
  must: [who, ...(why ? [why] : [])],
  mustNot: [/good time to talk|do you have a minute|\?/i],
});

export const WRONG_NUMBERS_AND_VOICEMAIL: Conversation[] = [
  // --- wrong numbers, outbound ---------------------------------------------------------------
  {
    id: "wrong-you-have-the-wrong-number",
    ...roof,
    turns: [say("You have the wrong number.", apologises)],
    expect: wrong,
  },
  { id: "wrong-no-pat-here", ...roof, turns: [say("There's no Pat here.", apologises)], expect: wrong },
  {
    id: "wrong-dont-know-any-pat",
    ...roof,
    turns: [say("Sorry, who? I don't know anybody named Pat.", apologises)],
    expect: wrong,
  },
  {
    id: "wrong-moved-out-years-ago",
    ...solar,
    turns: [say("Morgan? Morgan moved out like two years ago.", apologises)],
    expect: wrong,
  },
  {
    id: "wrong-business-line",
    ...fiber,
    turns: [say("This is a business line, there's no Sandra here.", apologises)],
    expect: wrong,
  },
  {
    id: "wrong-wrong-guy-buddy",
    ...satellite,
    turns: [say("I think you got the wrong guy, buddy.", apologises)],
    expect: wrong,
  },
  {
    id: "wrong-pizza-place",
    ...insurance,
    turns: [say("Nope, wrong number. This is Tony's Pizza.", apologises)],
    expect: wrong,
  },
  {
    id: "wrong-never-heard-of-her",
    ...recall,
    turns: [say("Never heard of her.", apologises)],
    expect: wrong,
  },
  {
    id: "wrong-new-owner-of-the-number",
    ...plumber,
    turns: [say("uh, this isn't Helen's phone anymore, I got this number last month", apologises)],
    expect: wrong,
  },
  {
    id: "wrong-number-and-dont-call-again",
    ...solar,
    turns: [say("Wrong number. And don't call again.", { must: [OFF_THE_LIST] })],
    expect: { disposition: "do_not_call", ended: true, doNotCall: true },
    note: "Asked not to be called again: listing the number outranks the wrong number.",
  },

  // --- wrong numbers, inbound ----------------------------------------------------------------
  {
    id: "wrong-inbound-meant-the-pharmacy",
    business: DENTAL,
    direction: "inbound",
    turns: [say("Oh sorry, is this not the pharmacy? I think I dialed the wrong number.")],
    expect: wrong,
  },
  {
    id: "wrong-inbound-looking-for-joes-pizza",
    business: RESTAURANT,
    direction: "inbound",
    turns: [say("Is this Joe's Pizza?"), say("Oh, wrong number then, sorry.")],
    expect: wrong,
  },

  // --- answering machines --------------------------------------------------------------------
  {
    id: "voicemail-leave-after-the-beep",
    ...roof,
    turns: [
      say(
        "Hi, you've reached Pat. Leave a message after the beep.",
        message("Summit Roofing", /inspection/i),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "voicemail-carrier-greeting-tone",
    ...solar,
    turns: [
      say(
        "The person you are trying to reach is not available. Please leave your message after the tone.",
        message("BrightPath Solar"),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "voicemail-cant-get-to-the-phone",
    ...fiber,
    turns: [
      say("Hey, it's Sandra. Can't get to the phone right now. Leave it at the beep.", message("MetroLink")),
    ],
    expect: voicemail,
  },
  {
    id: "voicemail-box-of-number",
    ...satellite,
    turns: [
      say(
        "You have reached the voicemail box of 5 5 5, 0 1 4 7. Record your message at the tone.",
        message("SkyReach", /satellite/i),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "voicemail-customer-not-available-try-later",
    ...insurance,
    turns: [say("The wireless customer you are calling is not available. Please try your call again later.")],
    expect: voicemail,
    note: "The network's recording offers no message: the call ends as voicemail, with no call back booked by a machine.",
  },
  {
    id: "voicemail-mailbox-full",
    ...recall,
    turns: [say("The mailbox is full and cannot accept any messages at this time. Goodbye.")],
    expect: voicemail,
  },
  {
    id: "voicemail-business-closed",
    ...plumber,
    callerName: "Delgado Landscaping",
    turns: [
      say(
        "Thank you for calling Delgado Landscaping. Our office is closed. Please leave your name and number and we'll return your call.",
        message("Rapid Rooter"),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "voicemail-linda-unavailable",
    ...insurance,
    callerName: "Linda Park",
    turns: [
      say(
        "Hi, this is Linda. I'm not available, please leave a message and I'll get back to you.",
        message("Lakeside Insurance", /policy|review/i),
      ),
    ],
    expect: voicemail,
  },
  {
    id: "voicemail-forwarded-to-messaging-system",
    ...roof,
    turns: [
      say(
        "Your call has been forwarded to an automated voice messaging system. 2 1 2 5 5 5 0 1 4 7 is not available. At the tone, please record your message.",
        message("Summit Roofing"),
      ),
    ],
    expect: voicemail,
  },

  // --- a person answering for someone else ---------------------------------------------------
  {
    id: "not-voicemail-someone-else-answers",
    ...roof,
    turns: [
      say("Pat's not available right now, she's at work. Can I take a message?", {
        mustNot: [/leave a message|call us back when it suits you/i],
      }),
      say("Try her after 6."),
    ],
    expect: { disposition: "call_back", ended: true, callback: between(DAY.today, "18:00", "18:30") },
    note: "A person who answers for Pat is not an answering machine: a rep asks when Pat can be reached.",
  },
];
