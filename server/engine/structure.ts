import { type Evidence, OFFICIAL_CHANNEL } from "./rules";

/**
 * How an utterance is built rather than what it is about. A customer speaks of their own need
 * in the first person ("I lost my card", "can I book a table"); a robocall speaks to "you" about
 * "your account", reads out a number to call back, a reference number, "press 1", "this call is
 * recorded", and asks for nothing of its own. The same bank words appear in both, so the words
 * alone (the naive-Bayes model) cannot tell them apart; the shape can. Each cue is evidence that
 * adds to the scores like a rule (see analyze.ts); none decides alone.
 */

// "I'm calling from...", "my name is...", "I need you to...": the speaker introducing themselves
// or telling the listener what to do, not a need of their own. Robocalls and scams talk like this.
const SPEAKER_TALK =
  /\b(i'?m|i am|im) (calling|reaching out|contacting|with|from|following up|trying to reach|here to|happy to)\b|\bmy name is\b|\bthis is [a-z]+ (from|with|at)\b|\bi (need|want|would like|'d like) (you|to (offer|inform|tell|let|remind|help) you|to (speak|talk) (to|with) you)\b|\bi('m| am)? (just )?(wanted|want|wanna|would like|'d like) to (let you know|tell you|inform you|talk to you|speak (to|with) you|offer you|remind you|follow up)\b|\b(call|ring|text|reach) me( back)?\b|\bgive me a (call|ring)( back)?\b/g;
// Asking the listener to pay is the scam's need, never a customer's ("can you send me money in gift cards").
const ASKS_LISTENER_TO_PAY =
  /\b(can|could|would|will) you (please )?(send|wire|transfer|buy|get|pay|lend|pick up)\b|\bi need you to\b|\bgift ?cards?\b|\bnew number\b.{0,80}\b(money|pay|bill|rent|transfer|help me out)\b/;
const FIRST_SINGULAR = /\b(i|i'm|im|i've|ive|i'd|i'll|me|my|mine|myself)\b/g;
const SECOND_PERSON = /\b(you|your|yours|you're|youre|you've|you'll|you'd|yourself)\b/g;

const OWN_NEED =
  /\b(i|we)( really| just| still| also| already| never| recently)? (need|want|wanted|would like|'d like|d like|wanna|lost|can'?t|cannot|couldn'?t|forgot|haven'?t|didn'?t|did not|don'?t|do not|tried|was charged|got charged|were charged|paid|ordered|bought|deposited|withdrew|transferred|topped up|returned|booked|am trying|'m trying|was trying|have been trying|'ve been trying)\b|\b(i'?m|i am|we'?re|we are|i'?ve been|we'?ve been) having (trouble|issues?|problems?|difficult(y|ies)) (with|using|getting|logging|signing|accessing|verifying|paying|making|sending|finding|receiving|my|our|the)\b|\b(give|send|get|issue|order) me (a|an|another|both|my|one|two|some|new|information|info|details|advice|help)\b|\b(can|could|may|do|should|shall|am|how (do|can|should|would|long (do|will|does|until|before))|where (do|can|should)|why (do|did|am|can'?t|was|were)|what (do|should|can|happens if)|when (do|will|can|should)) (i|we)\b/;

// An existing relationship: the caller's own account, card, order, bill. A customer asking about
// a fee or a rate on "my card" is asking for help, not shopping.
const OWN_ACCOUNT =
  /\b(my|our) (\w+ )?(account|card|debit card|credit card|pin|passcode|password|transfer|payment|deposit|withdrawal|balance|money|funds|cash|refund|statement|bill|invoice|order|parcel|package|delivery|top[- ]?up|subscription|plan|membership|policy|claim|loan|mortgage|salary|pay|paycheck|app|phone|login|identity|id|address|details|direct debit|cheque|check|savings|checking|overdraft|limit|exchange|purchase|charge|fee|booking|reservation|appointment|prescription|service|internet|power|meter|warranty)\b/;

const YOUR_ACCOUNT =
  /\byour (\w+ )?(bank |credit |debit |online |checking |savings )?(account|card|credit card|debit card|social security|ssn|benefits?|medicare|insurance|coverage|warranty|policy|subscription|membership|identity|computer|apple id|icloud|license|licence|registration|loan|student loans?|mortgage|debt|balance|tax(es)? ?(return|refund|debt)?|refund|utility|case|file|claim|eligibility|credit)\b/;

const THREAT =
  /\b(suspend(ed|ion)?|lock(ed)?|froze|frozen|freeze|compromised|hacked|breached|flagged|terminat(ed|ion)|disconnect(ed|ion)?|shut (off|down)|deactivated|expir(e|es|ed|ing|ation)|laps(e|es|ed|ing)|revoked|garnish\w*|lien|warrant|arrest(ed)?|legal (action|proceedings|matter|department)|lawsuit|sued|court|criminal|illegal|fraudulent|suspicious|unauthori[sz]ed|investigation|penalt(y|ies)|final (notice|attempt|warning|reminder)|last (chance|attempt|notice)|past due|overdue|collections?)\b/;

// The threat must be aimed at the listener ("your account is suspended", "a warrant in your name"), not shared ("we'll get a penalty").
const AIMED_AT_YOU =
  /\b(against you|in your name|under your name|you (will|would|could|may|might) (be|face|lose)|you (are|were|have been) (being )?|you (owe|missed|failed)|your (\w+ )?(service|power|electricity|gas|water|phone|line|internet|license|benefits) (will|is going to|has been|is scheduled|is being))\b/;

const URGENT =
  /\b(urgent(ly)?|immediate(ly)?|as soon as possible|asap|right away|time[- ]sensitive|within (the hour|\d+ hours|24 hours|twenty[- ]four hours)|before (it'?s too late|the end of the day|the deadline)|today)\b/;

// A number to call: toll-free, or "call us back at" followed by digits.
const TOLL_FREE = /(^|\D)(1[ .-]?)?\(?8(00|33|44|55|66|77|88)\)?[ .-]?\d{3}[ .-]?\d{4}\b/;
const CALL_BACK_ON =
  /\b(call|dial|reach|contact|text)( us| our \w+( \w+)?| the \w+( department| line| office| center| team)?)?( back)?( now| today| immediately)? (at|on) \(?\d/;
const CALL_US_BACK =
  /\b(call us|give us a call|return (this|our|the) call|call (back|the number) (at|on|provided|below|listed|on your screen)|call back (at your earliest|as soon|immediately|today|before)|our (toll[- ]free|hotline|help ?line))\b/;

const AUTOMATED =
  /\b(recorded (line|message|call)|this call (is|may be|will be) (being )?(recorded|monitored)|automated (call|message|notice|system|alert|reminder)|pre-?recorded|this is not a sales call|to be (removed|taken off)|remove (you|your number)|opt[- ]out|stay on the line|remain on the line|do not hang up|don'?t hang up|after the (tone|beep)|hold for an important)\b/;

const REFERENCE_NUMBER =
  /\b(?<!\bmy )(?<!\bour )(reference|case|claim|file|docket|complaint|badge|ticket|tracking|confirmation|application|order) (number|no|id|#)\b/;

const ANNOUNCEMENT =
  /\b(this (call|message|notice) is (for|from|to|regarding|about|intended)|this is (a|an|your|the) (final|last|second|third|important|urgent|automated|official|time[- ]sensitive) (notice|call|message|alert|attempt|warning)|this is a courtesy call|(we'?ve|we have|we are|we'?re) (been )?(trying|attempting) to (reach|contact) you|our records (show|indicate)|you('ve| have)? (been )?(selected|chosen|approved|pre-?approved|identified)|you (may )?(qualify|are eligible|may be eligible|are entitled)|(dear|attention) (customer|cardholder|homeowner|resident|account holder|valued customer))\b/;

// Small talk put as a question ("how are you today?") asks for nothing: callers and robocalls
// both open with it, so it is left out before looking for a question of the caller's own.
const PLEASANTRY =
  /\b(how (are|r) (you|ya|y'?all)( doing| keeping)?|how('?s| is) (it going|your day|everything|life)|how have you been|hope you('re| are) (well|doing well))( today| this (morning|afternoon|evening))?( doing)?\b[?.!,]*/g;

// A question put to the business: customers ask, robocalls announce.
const QUESTION =
  /\?\s*$|^(hi|hello|hey|yes|yeah|so|ok(ay)?|um|uh|sorry|excuse me|good (morning|afternoon|evening)|please)?[,.! ]*(how|what|why|where|when|which|who|is|are|can|could|do|does|did|will|would|should|may|has|have)\b/;

// One question put to the business and nothing more ("is there a fee when you pay with your
// card?", "do you have to renew your card before it expires?"): its "you" and "your" are anyone's,
// not a listener's account under threat. A robocall states its threat; when it asks, it says more.
const QUESTION_FIRST =
  /^(yes|yeah|so|ok(ay)?|um|uh|sorry|excuse me|please)?[,.! ]*(how|what|why|where|when|which|who|is|are|can|could|do|does|did|will|would|should|may|has|have)\b/;
const GREETING = /^(hi|hello|hey|good (morning|afternoon|evening))( there)?[,.!]* */;
const SENTENCE_BREAK = /[.!?]\s+\S/;

function isOneQuestion(text: string): boolean {
  const rest = text.trim().replace(GREETING, "");
  return QUESTION_FIRST.test(rest) && !SENTENCE_BREAK.test(rest);
}

function count(pattern: RegExp, text: string): number {
  return text.match(pattern)?.length ?? 0;
}

/** The structure cues of one lower-cased utterance, as evidence for or against classes. */
export function readStructure(normal: string): Evidence[] {
  const text = normal.replace(/’/g, "'");
  const withoutSpeakerTalk = text.replace(SPEAKER_TALK, " ");
  const asksToPay = ASKS_LISTENER_TO_PAY.test(text);
  const ownAccount = !asksToPay && OWN_ACCOUNT.test(withoutSpeakerTalk);
  const ownNeed =
    !asksToPay &&
    count(FIRST_SINGULAR, withoutSpeakerTalk) > 0 &&
    (OWN_NEED.test(withoutSpeakerTalk) || ownAccount);
  const addressed = count(SECOND_PERSON, text);
  const evidence: Evidence[] = [];

  if (ownNeed) {
    evidence.push({ id: "their own need (first person)", label: "spam", weight: -2 });
  }
  if (ownAccount) {
    evidence.push(
      { id: "about their own account or order", label: "support", weight: 1 },
      { id: "about their own account or order", label: "sales", weight: -1.5 },
    );
  }

  // A robocall's script. A customer with a need of their own is not reading one, whatever they
  // quote ("someone called from an 888 number and asked for my PIN, was that you?"); nor is a
  // bank that sends you to the number on the back of your card.
  if (ownNeed || OFFICIAL_CHANNEL.test(text)) return evidence;
  const script: Evidence[] = [];
  const oneQuestion = isOneQuestion(text);
  const yourAccount = !oneQuestion && YOUR_ACCOUNT.test(text);
  if (yourAccount) script.push(robocall("about your account", 1));
  if (!oneQuestion && (yourAccount || AIMED_AT_YOU.test(text)) && THREAT.test(text))
    script.push(robocall("threat or deadline for you", 2));
  // Real offices ask for a call back too; a toll-free number read out is the robocall's habit.
  if (TOLL_FREE.test(text)) script.push(robocall("a toll-free number to call back", 1.5));
  else if (CALL_BACK_ON.test(text) || CALL_US_BACK.test(text))
    script.push(robocall("a number to call back", 1));
  if (AUTOMATED.test(text)) script.push(robocall("recorded or automated call", 2.5));
  if (REFERENCE_NUMBER.test(text) && addressed > 0) script.push(robocall("a reference number", 1.5));
  if (ANNOUNCEMENT.test(text)) script.push(robocall("an announcement, not a question", 1));
  if (script.length > 0 && addressed > 0) {
    // Urgency about your account is pressure, not an emergency of the caller's own.
    if (yourAccount && URGENT.test(text))
      script.push({ id: "pressure about your account", label: "important", weight: -2 });
    if (count(FIRST_SINGULAR, withoutSpeakerTalk) === 0 && addressed >= 2)
      script.push(robocall("asks nothing for themselves", 0.5));
  }
  if (script.length === 0 && QUESTION.test(text.replace(PLEASANTRY, " ").trim()) && !asksToPay)
    evidence.push({ id: "asks a question of their own", label: "spam", weight: -1.5 });
  return [...evidence, ...script];
}

function robocall(id: string, weight: number): Evidence {
  return { id, label: "spam", weight, intent: "automated robocall" };
}
