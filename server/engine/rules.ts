import type { Classification } from "./types";

/**
 * One piece of evidence about an utterance: adds `weight` (in log2 odds, before the rule weight of
 * analyze.ts) to its class, or takes it away when negative, and names itself as a signal so the
 * analysis can say why. Evidence shifts the classifier's judgement; it never decides alone.
 */
export type Evidence = { id: string; label: Classification; weight: number; intent?: string };

/** A real bank or agency sends people to a channel they already trust; a scammer keeps them on the line. */
export const OFFICIAL_CHANNEL =
  /\b(number on the back of your card|(number|address) on (our|the official) website|come (in|into|by) (the|our|a) branch|we will never ask)\b/;

const ASKING = String.raw`^(?=.*\?\s*$|(hi|hello|hey|yes|so|ok(ay)?|um|uh|sorry|excuse me|please)?[,.! ]*(how|what|what's|is|are|do|does|did|will|would|can|could|why|which|where|when)\b)`;
const PRICE = String.raw`\b(how much|fees?|charge[sd]?|charging|costs?|commission|rates?)\b`;
const OPERATION = String.raw`\b(transfer\w*|wires?|sepa|swift|exchang\w*|currenc\w*|withdraw\w*|atms?|cash machines?|top[- ]?ups?|topping up|card payments?|(use|using|pay with|paying with|pay by|paying by) (my|your|the|a) card|(replacement|new|physical|virtual|extra|second|spare|additional) cards?|statements?|overdraft|deposit\w*|send(ing)? money|receiv(e|ing) money|abroad|overseas|foreign|international)\b`;
/** A question about the price of an operation on one's own account ("what do you charge for a transfer?"). */
const FEE_QUESTION = new RegExp(`${ASKING}(.*${PRICE}.{0,40}${OPERATION}|.*${OPERATION}.{0,40}${PRICE})`);

/** High-precision phrases, as evidence. Patterns run on lower-cased text. */
export type Rule = Evidence & { pattern: RegExp };

export const RULES: Rule[] = [
  // Spam: scams, phishing, impersonation, robocalls.
  {
    id: "gift cards",
    label: "spam",
    weight: 4,
    pattern:
      /\b(pay|buy|purchase|get|pick up|go (to|get)|send|in)\b.{0,30}\b(gift ?cards?|google play|itunes|steam) ?(cards?)?\b|\b(gift ?cards?|google play cards?|itunes cards?)\b.{0,40}\b(numbers?|codes?|pay|scratch|back of|read)\b/,
    intent: "demand for gift-card payment",
  },
  {
    id: "press a key",
    label: "spam",
    weight: 4,
    pattern:
      /\b(press|push|hit|select) (the )?(number |key )?(\d|one|two|three|four|five|six|seven|eight|nine|zero|star|pound)\b/,
    intent: "automated robocall",
  },
  {
    id: "automated message",
    label: "spam",
    weight: 2.5,
    pattern: /\b(this is an? )?(automated|pre-?recorded|recorded) (call|message)\b/,
    intent: "automated robocall",
  },
  {
    id: "vehicle warranty",
    label: "spam",
    weight: 4,
    pattern: /\b(car|vehicle|auto|extended|factory) warranty\b/,
    intent: "warranty scheme",
  },
  {
    id: "suspended identity",
    label: "spam",
    weight: 5,
    pattern:
      /social security (number )?(has been|is|was|will be|been) (suspended|cancell?ed|blocked|compromised|frozen)|\bsuspend(ed)? your social/,
    intent: "government impersonation",
  },
  {
    id: "arrest threat",
    label: "spam",
    weight: 4,
    pattern:
      /\b(warrant|arrest(ed)?|lawsuit|legal action|police will)\b.{0,60}\b(unless|pay|immediately|today|gift|bitcoin|settle|bail)\b/,
    intent: "threat to extort payment",
  },
  {
    id: "asks for secrets",
    label: "spam",
    weight: 5,
    pattern:
      // The listener's secrets ("your PIN", "the code we sent"): a customer's "I need a new PIN" is not phishing.
      /\b(verify|confirm|provide|give (me|us)|tell (me|us)|read (me|us|out|back)|need|update|enter|have)\b.{0,30}\byour\b.{0,25}\b(pin|password|passcode|social security number|ssn|account number|card number|routing number|one[- ]time (code|passcode)|verification code|security code|medicare (number|id)|bank details)\b|\b(confirm|read|give|tell)\b.{0,20}\bthe (code|pin|passcode) (we|i) (just )?(sent|texted)\b/,
    intent: "phishing for credentials",
  },
  {
    id: "prize",
    label: "spam",
    weight: 3.5,
    pattern:
      /\b(you('ve| have)? (just )?(won|been selected|been chosen)|lottery|sweepstakes|grand prize|claim your (prize|reward))\b/,
    intent: "prize scheme",
  },
  {
    id: "interest rate",
    label: "spam",
    weight: 3.5,
    pattern: /\b(lower|reduce|lowering|reducing)\b.{0,25}\binterest rate/,
    intent: "credit scheme",
  },
  {
    id: "pre-approved",
    label: "spam",
    weight: 3,
    pattern: /\bpre-?(approved|qualified)\b/,
    intent: "loan scheme",
  },
  {
    id: "debt relief",
    label: "spam",
    weight: 3,
    pattern: /\b(debt relief|loan forgiveness|eliminate your debt|consolidate your debt)\b/,
    intent: "debt scheme",
  },
  {
    id: "crypto",
    label: "spam",
    weight: 3,
    // Crypto sold as a way to make money or asked for as payment; a customer asking whether they
    // can buy or hold it ("can I buy bitcoin with my card?") is neither.
    pattern:
      /\b(guaranteed (returns?|profits?)|double your (money|savings)|bitcoin atm|seed phrase|recovery phrase)\b|\b(bitcoin|crypto\w*|btc)\b.{0,40}\b(invest\w*|opportunit\w*|returns?|profits?|mining|trading|recovery|doubl\w*)\b|\b(invest\w*|opportunit\w*|send|sent|pay|paid|paying|deposit\w*|accept\w*)\b.{0,40}\b(bitcoin|crypto\w*|btc)\b/,
    intent: "investment scheme",
  },
  {
    id: "remote access",
    label: "spam",
    weight: 4,
    pattern:
      /\b(anydesk|teamviewer|remote access|your computer (has|is) (a )?(virus|infected|compromised))\b/,
    intent: "tech-support scam",
  },
  {
    id: "final notice",
    label: "spam",
    weight: 3,
    pattern: /\b(final (notice|attempt|warning)|last (chance|attempt) to)\b/,
    intent: "pressure tactic",
  },
  {
    id: "secrecy",
    label: "spam",
    weight: 3,
    pattern:
      /\b(don'?t|do not|not to) (tell|call|mention (this|it) to) (anyone|mom|mum|dad|your|his|her|the bank)\b|\bkeep (this|it) (between us|quiet|secret)\b/,
    intent: "pressure to keep a payment secret",
  },
  {
    id: "wire money",
    label: "spam",
    weight: 2.5,
    // Money asked of the listener; "I want to send money abroad" is a customer's own errand.
    pattern:
      /\b(wire|send) (me|us) (the )?(money|funds|payment|fee)\b|\byou (need|have|must|will need) to (wire|send|transfer) (the )?(money|funds|payment|fee)\b|\b(by|through|via) (western union|moneygram)\b/,
    intent: "request to send money",
  },
  {
    // "Hi mum, this is my new number": a relative's voice borrowed to ask for money at once.
    id: "new number, needs money",
    label: "spam",
    weight: 3,
    pattern:
      /\bnew (phone )?number\b.{0,100}\b(money|pay|bill|rent|transfer|send|cover|lend|help me out)\b|\b(a|my) friend'?s phone\b.{0,80}\b(money|pay|ticket|send|transfer)\b/,
    intent: "request to send money",
  },
  {
    id: "unclaimed refund",
    label: "spam",
    weight: 3,
    pattern: /\b(pending|unclaimed|owed a|eligible for a) (refund|rebate|settlement)\b/,
    intent: "fake refund",
  },

  // Important: health, family, emergencies, legal deadlines.
  {
    id: "emergency",
    label: "important",
    weight: 3,
    pattern: /\b(emergency|ambulance|paramedics?|icu|intensive care|in the er|at the er|to the er|911)\b/,
    intent: "emergency",
  },
  {
    id: "hospital",
    label: "important",
    weight: 2.5,
    pattern: /\b(hospital|hospitali[sz]ed|admitted|urgent care|surgery|operation)\b/,
    intent: "health matter",
  },
  {
    id: "injury",
    label: "important",
    weight: 3,
    pattern:
      /\b(fell|fallen|broke (his|her|my|a) |stroke|heart attack|seizure|not breathing|unconscious|bleeding|injured|hurt (himself|herself|badly)|(is|are|got|was|been|guys?'?s?) (badly |seriously )?hurt|concussion|allergic reaction)\b/,
    intent: "injury or health emergency",
  },
  {
    id: "results",
    label: "important",
    weight: 3,
    pattern:
      /\b(test|lab|biopsy|scan|mri|x-ray|blood( work| test)?|pathology|screening) results?\b|\bresults (are|came) (in|back)\b/,
    intent: "medical results",
  },
  {
    id: "death",
    label: "important",
    weight: 4,
    pattern: /\b(passed away|has died|died|funeral|hospice)\b/,
    intent: "bereavement",
  },
  {
    id: "accident",
    label: "important",
    weight: 2.5,
    pattern: /\b(accident|crash|collision|car wreck)\b/,
    intent: "accident",
  },
  {
    id: "school about a child",
    label: "important",
    weight: 2,
    pattern:
      /\b(school nurse|principal|vice principal|nurse'?s office)\b|\b(your|her|his) (son|daughter|child|kid)\b.{0,50}\b(sick|fever|hurt|injured|pick (him|her) up|sent home|incident|suspended|missing)\b/,
    intent: "school calling about a child",
  },
  {
    id: "legal deadline",
    label: "important",
    weight: 2,
    pattern:
      /\b(court (date|hearing)|hearing|subpoena|custody|filing deadline|deadline|summons|eviction|probation)\b/,
    intent: "legal matter",
  },
  {
    id: "call back urgently",
    label: "important",
    weight: 2,
    pattern:
      /\b(urgent(ly)?|as soon as (possible|you can|you get this)|asap|right away|immediately|time[- ]sensitive)\b/,
    intent: "asks for an urgent call back",
  },
  {
    id: "break-in",
    label: "important",
    weight: 3,
    pattern: /\b(break-?in|broken into|burglar|fire at|flooding|flooded|smoke)\b/,
    intent: "property emergency",
  },
  {
    id: "not urgent",
    label: "important",
    weight: -3.5,
    pattern:
      /\b(nothing urgent|not urgent|no rush|no hurry|not an emergency|no emergency|whenever you (get a chance|can)|no big deal|no need to call( me)? back)\b/,
  },
  // A real bank or agency sends people to the number they already trust; a scammer keeps them on the line.
  {
    id: "official channel",
    label: "important",
    weight: 3,
    pattern:
      /\b(number on the back of your card|(number|address) on (our|the official) website|come (in|into|by) (the|our|a) branch|log (in|into) (your|the) (app|online banking) directly|we will never ask)\b/,
    intent: "your bank or provider about your account",
  },
  {
    id: "official channel",
    label: "spam",
    weight: -3,
    pattern: OFFICIAL_CHANNEL,
  },

  // Appointment: booking, moving, confirming, cancelling.
  {
    id: "appointment words",
    label: "appointment",
    weight: 2,
    pattern: /\b(appointment|reservation|consultation|booking)\b/,
    intent: "appointment request",
  },
  {
    id: "book a time",
    label: "appointment",
    weight: 2.5,
    pattern:
      /\b(book (me|a|an|us|in)|schedule (me|a|an)|set up (a|an) (time|meeting|call|visit)|make an appointment|table for (two|three|four|five|six|\d+)|fit (me|us) in|squeeze (me|us) in|any (openings|availability|slots?)|next (available|opening))\b/,
    intent: "book an appointment",
  },
  {
    id: "reschedule",
    label: "appointment",
    weight: 3,
    pattern:
      /\b(reschedul\w*|move (my|our|the) \w+ (to|from)|push (it|my \w+|our \w+) (back|to)|change (my|our|the) (appointment|booking|reservation|time))\b/,
    intent: "reschedule an appointment",
  },
  {
    id: "cancel a visit",
    label: "appointment",
    weight: 2.5,
    pattern:
      /\bcancel (my|our|the|tomorrow'?s|today'?s|friday'?s|monday'?s)\b.{0,20}\b(appointment|booking|reservation|visit|consultation|session|lesson|class|cleaning|meeting|table)\b/,
    intent: "cancel an appointment",
  },
  {
    id: "confirm a visit",
    label: "appointment",
    weight: 2.5,
    pattern:
      /\b(confirm(ing)?|still on for|still good for)\b.{0,30}\b(appointment|booking|reservation|visit|meeting|tomorrow|tonight|(mon|tues|wednes|thurs|fri|satur|sun)day)\b/,
    intent: "confirm an appointment",
  },
  {
    id: "running late",
    label: "appointment",
    weight: 2,
    pattern:
      /\b(running (late|behind)|running (about |like |maybe )?[\w-]+( \w+)? minutes? (late|behind)|be (\w+ )?(\w+ )?minutes late)\b/,
    intent: "running late to an appointment",
  },

  // Support: an existing customer with a problem.
  {
    id: "something broke",
    label: "support",
    weight: 2.5,
    pattern:
      /\b(not working|stopped working|doesn'?t work|won'?t (turn on|start|connect|load|charge|open)|keeps (crashing|dropping|freezing|beeping)|broken|damaged|defective|cracked|leaking|error (message|code))\b/,
    intent: "report a fault",
  },
  {
    id: "billing dispute",
    label: "support",
    weight: 3,
    pattern:
      /\b(charged (me )?twice|double[- ]charged|overcharged|wrong (charge|amount)|refund (status|for my)|where'?s my refund|my refund|my money back|dispute (a|the) charge|my (last )?(bill|invoice|statement|receipt) (is|was|shows)|question about my (bill|statement|invoice|account|policy))\b/,
    intent: "billing question",
  },
  {
    id: "account access",
    label: "support",
    weight: 3,
    pattern:
      /\b(can'?t (log|sign) (in|into)|locked out of|reset (my|the) password|forgot (my|the) password|two[- ]factor|2fa)\b/,
    intent: "account access",
  },
  {
    id: "outage",
    label: "support",
    weight: 2.5,
    pattern:
      /\b(outage|(internet|wifi|service|signal|power|cable|tv) (is )?(down|out)|no (internet|service|signal|dial tone))\b/,
    intent: "service outage",
  },
  {
    id: "ending a service",
    label: "support",
    weight: 2,
    pattern:
      /\b(cancel|stop|pause|end|terminate|freeze)\b (my|our|the) (\w+ ){0,2}(membership|subscription|service|plan|contract|policy|deliveries)\b(?! (appointment|visit|call|booking))/,
    intent: "customer support request",
  },
  {
    id: "order problem",
    label: "support",
    weight: 2.5,
    pattern:
      /\b(never (arrived|came|got it|received)|missing (item|part|piece|pieces)|wrong (item|size|color|order|part)|my order|order number|tracking (number|says))\b/,
    intent: "order problem",
  },

  // A question about what an operation on the caller's account costs (a transfer, an exchange, a
  // withdrawal, a top-up, a card) is a customer's, not a shopper's: it weighs against "asks the
  // price". Questions only: a robocall states that "your card was charged for a transfer".
  {
    id: "fee for using the account",
    label: "sales",
    weight: -2.5,
    pattern: FEE_QUESTION,
  },
  {
    id: "fee for using the account",
    label: "support",
    weight: 2,
    pattern: FEE_QUESTION,
    intent: "billing question",
  },

  // Sales: buying or pitching.
  {
    id: "asks the price",
    label: "sales",
    weight: 2.5,
    pattern:
      /\b(how much (is|are|does|do|would|for)|what('?s| is| are| do you charge)( the)? (price|cost|rates?)|pricing|get a quote|a quote (for|on)|an estimate (for|on)|ballpark)\b/,
    intent: "price inquiry",
  },
  {
    id: "wants to buy",
    label: "sales",
    weight: 2.5,
    pattern:
      /\b(interested in (buying|purchasing|getting|your)|looking to (buy|purchase|get a)|i'?d like to (buy|purchase|order)|do you (sell|carry|have .{0,20} in stock)|in stock)\b/,
    intent: "wants to buy",
  },
  {
    id: "vendor pitch",
    label: "sales",
    weight: 2.5,
    pattern:
      /\b(we (help|offer|provide|specialize in) (businesses|companies|small businesses|local businesses|owners)|(calling|reaching out) (from|on behalf of) [\w\s&'.-]{2,40}\b(marketing|solutions|media|agency|digital|seo|solar|insurance|consulting|software|payroll|staffing|advertising|leasing|processing)\b|our (platform|software|service) (helps|can))\b/,
    intent: "vendor pitch",
  },
  {
    id: "business services",
    label: "sales",
    weight: 2,
    pattern:
      /\b(seo|search engine|google (ranking|reviews|listing)|website redesign|merchant services|credit card processing|payroll (service|software)|lead generation|more customers)\b/,
    intent: "vendor pitch",
  },

  // Legitimate: ordinary personal calls.
  {
    id: "returning a call",
    label: "legitimate",
    weight: 2,
    pattern:
      /\b(returning (your|a|his|her|their) (call|message)|you (called|left me a message)|got your (message|voicemail))\b/,
    intent: "returned call",
  },
  {
    id: "delivery at the door",
    label: "legitimate",
    weight: 2,
    pattern:
      /\b(i'?m|we'?re) (outside|at the (door|gate|front))|\b(left|dropped) (it|the package|your package)\b|\bdelivery (driver|guy) here\b/,
    intent: "delivery",
  },
  {
    id: "on the way",
    label: "legitimate",
    weight: 1.5,
    pattern:
      /\b(on (my|our) way|on the truck|out for delivery|be there (in|between|around|by)|heading (over|your way)|all (done|finished)|just finished)\b/,
    intent: "contractor update",
  },
  {
    id: "reminder",
    label: "legitimate",
    weight: 1.5,
    pattern: /\b(courtesy (reminder|call)|friendly reminder|just a reminder|reminder that)\b/,
    intent: "reminder",
  },
  {
    id: "just checking in",
    label: "legitimate",
    weight: 1.5,
    pattern:
      /\b(just (calling|wanted|checking) (to|in)|catch up|say (hi|hello)|happy birthday|thank you for)\b/,
    intent: "personal call",
  },
];

export function matchRules(normalText: string): Rule[] {
  const matched: Rule[] = [];
  // Rules that weigh one phrase for a class and against another share one pattern, side by side:
  // it is tested once.
  let lastPattern: RegExp | null = null;
  let lastMatched = false;
  for (const rule of RULES) {
    if (rule.pattern !== lastPattern) {
      lastPattern = rule.pattern;
      lastMatched = rule.pattern.test(normalText);
    }
    if (lastMatched) matched.push(rule);
  }
  return matched;
}
