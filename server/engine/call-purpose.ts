/**
 * What the assistant says about why it is calling, from the purpose the user typed (a bulk call's
 * "Call purpose", an outbound call's purpose, or the account's call purpose in Settings). People
 * write it in every style: "Confirm your appointment for Tuesday.", "following up on your quote",
 * "Appointment reminder", "To tell you your car is ready", "Your car is ready for pickup". Pasted
 * behind "I'm calling about" it read "I'm calling about Confirm your appointment…"; here each style
 * gets the sentence a person would say.
 */

/** Verbs a purpose starts with when it is an instruction: "Confirm your appointment" → "to confirm …". */
const IMPERATIVE_VERBS = new Set([
  "arrange",
  "ask",
  "book",
  "call",
  "cancel",
  "catch",
  "check",
  "collect",
  "complete",
  "confirm",
  "congratulate",
  "discuss",
  "explain",
  "finalize",
  "finalise",
  "find",
  "follow",
  "gather",
  "get",
  "give",
  "go",
  "help",
  "inform",
  "introduce",
  "invite",
  "let",
  "notify",
  "offer",
  "pick",
  "present",
  "reach",
  "reconfirm",
  "remind",
  "renew",
  "reschedule",
  "return",
  "review",
  "schedule",
  "see",
  "sell",
  "send",
  "set",
  "share",
  "show",
  "talk",
  "tell",
  "thank",
  "touch",
  "update",
  "verify",
  "walk",
  "welcome",
]);

/**
 * Words that follow a verb but never a noun in a purpose: "Book a cleaning", "Offer our discount",
 * "Check in". They tell "Survey our customers" (an instruction) from "Survey results" (a thing).
 */
const AFTER_A_VERB = new Set([
  "a",
  "an",
  "the",
  "your",
  "our",
  "my",
  "their",
  "his",
  "her",
  "its",
  "you",
  "them",
  "him",
  "us",
  "me",
  "this",
  "that",
  "these",
  "those",
  "some",
  "any",
  "all",
  "every",
  "each",
  "up",
  "in",
  "back",
  "out",
  "over",
  "on",
  "about",
  "with",
  "whether",
  "if",
  "when",
  "what",
  "how",
  "why",
  "to",
  "for",
  "by",
]);

/** Verbs that only ever start an instruction, whatever follows ("Collect feedback", "Remind customers"). */
const ONLY_VERBS = new Set([
  "arrange",
  "ask",
  "collect",
  "confirm",
  "congratulate",
  "discuss",
  "explain",
  "finalize",
  "finalise",
  "gather",
  "get",
  "give",
  "inform",
  "introduce",
  "invite",
  "let",
  "notify",
  "reconfirm",
  "remind",
  "renew",
  "reschedule",
  "sell",
  "send",
  "share",
  "tell",
  "thank",
  "verify",
]);

/** First words that open a whole sentence the user wrote ("We're moving your appointment to 3 pm."). */
const SENTENCE_OPENERS =
  /^(i|i'm|i am|we|we're|we are|we've|we have|it's|it is|there's|there is|this is|you|you're|you are|you've|your \S+ (is|are|has|have|was|were|will))\b/i;

/** Determiners and the like: a noun phrase starting with one needs no article. */
const DETERMINERS = new Set([
  "a",
  "an",
  "the",
  "your",
  "our",
  "my",
  "their",
  "his",
  "her",
  "its",
  "this",
  "that",
  "these",
  "those",
  "some",
  "any",
  "all",
  "each",
  "every",
  "no",
  "another",
  "one",
  "two",
  "three",
  "several",
  "many",
  "few",
  "recent",
  "last",
  "next",
]);

/**
 * Things a purpose is often about that are counted ("a reminder", "an estimate"): a bare one
 * gets an article. Anything else stays bare, which is right for "billing", "tax preparation",
 * "pricing" and plurals.
 */
const COUNTABLE_HEADS = new Set([
  "appointment",
  "bill",
  "booking",
  "callback",
  "check-in",
  "checkup",
  "check-up",
  "claim",
  "consultation",
  "delivery",
  "demo",
  "discount",
  "estimate",
  "event",
  "follow-up",
  "followup",
  "inquiry",
  "enquiry",
  "inspection",
  "interview",
  "invoice",
  "issue",
  "meeting",
  "message",
  "offer",
  "opportunity",
  "order",
  "payment",
  "plan",
  "policy",
  "problem",
  "promotion",
  "question",
  "quote",
  "refund",
  "reminder",
  "renewal",
  "repair",
  "request",
  "reservation",
  "review",
  "special",
  "survey",
  "update",
  "visit",
  "webinar",
]);

/** Names whose capital stays at the start: days, months, holidays. */
const ALWAYS_CAPITALISED = new Set([
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
  "christmas",
  "easter",
  "thanksgiving",
  "halloween",
]);

/** A word that keeps its capital: an acronym (IRS, HVAC), "I", a name with inner capitals (iPhone, McKay). */
function keepsCapital(word: string): boolean {
  const letters = word.replace(/['’]s$/, "").replace(/[^A-Za-z]/g, "");
  if (letters.length >= 2 && letters === letters.toUpperCase()) return true;
  if (letters === "I") return true;
  if (/[a-z][A-Z]/.test(word)) return true;
  return ALWAYS_CAPITALISED.has(letters.toLowerCase());
}

/** The purpose with its first letter lower-cased, unless that word is a name or an acronym. */
function lowerFirst(text: string, words: string[]): string {
  const first = words[0] ?? "";
  if (keepsCapital(first)) return text;
  // Two capitalised words in a row that are not the whole purpose in Title Case are a name
  // ("Rivera Plumbing estimate", "Apple Watch repair"): leave them.
  const second = words[1] ?? "";
  const titleCase =
    words.length > 1 && words.every((word) => /^[A-Z0-9]/.test(word) || /^[a-z]{1,3}$/.test(word));
  if (/^[A-Z]/.test(second) && !titleCase) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "Appointment Reminder" → "appointment reminder": Title Case is a heading, not names. */
function untitle(text: string, words: string[]): string {
  const titleCase =
    words.length > 1 && words.every((word) => /^[A-Z0-9]/.test(word) || /^[a-z]{1,3}$/.test(word));
  if (!titleCase) return text;
  return words.map((word) => (keepsCapital(word) ? word : word.toLowerCase())).join(" ");
}

/** "a" or "an" by the sound of the next word; an acronym is spelled out ("an HVAC visit", "an IRS plan"). */
function article(word: string): "a" | "an" {
  const letters = word.replace(/[^A-Za-z]/g, "");
  if (letters.length >= 2 && letters === letters.toUpperCase())
    return /^[AEFHILMNORSX]/.test(letters) ? "an" : "a";
  return /^[aeiou]/i.test(word) && !/^(uni|use|usu|eu|one)/i.test(word) ? "an" : "a";
}

/** Things of the person called: "Confirm appointment" reads "confirm your appointment". */
const THEIRS = new Set([
  "account",
  "appointment",
  "bill",
  "booking",
  "claim",
  "delivery",
  "invoice",
  "order",
  "payment",
  "policy",
  "renewal",
  "reservation",
  "subscription",
]);

/** The head of a noun phrase: its last word before a preposition ("survey about our service" → survey). */
function headNoun(words: string[]): string {
  const stop = words.findIndex(
    (word, i) => i > 0 && /^(about|for|of|on|from|with|to|at|in|regarding)$/i.test(word),
  );
  const phrase = stop > 0 ? words.slice(0, stop) : words;
  return (phrase.at(-1) ?? "").toLowerCase().replace(/[^a-z-]/g, "");
}

/**
 * The sentence that says why the assistant calls, ending with a full stop; null for an empty
 * purpose. Styles, in the order they are recognised:
 * - a whole sentence ("We're confirming appointments for next week") is said as written;
 * - "to confirm …", "about …", "regarding …", "calling to/about …" lose their lead-in;
 * - an instruction ("Confirm your appointment") → "I'm calling to confirm your appointment.";
 * - "-ing" with an object ("Following up on your quote") → "I'm following up on your quote.";
 * - anything else is what the call is about: "I'm calling about an appointment reminder."
 */
export function callPurposeSentence(purpose: string | null | undefined): string | null {
  let text = (purpose ?? "").replace(/\s+/g, " ").trim();
  // Trailing punctuation and wrapping quotes go: the sentence gets its own full stop.
  text = text
    .replace(/^["'“‘]+|["'”’]+$/g, "")
    .replace(/[\s.!?;:,…]+$/u, "")
    .trim();
  if (!text) return null;

  // "I'm calling to remind you …", "Calling about your order": the user wrote our lead-in.
  const calling =
    /^(?:(?:i'm|i am|we're|we are)\s+)?calling\s+(to|about|regarding|re:?|concerning|because)\s+(.*)$/i.exec(
      text,
    );
  if (calling?.[1] && calling[2]) {
    const lead = calling[1].toLowerCase();
    const rest = calling[2];
    if (lead === "to") return imperative(rest);
    if (lead === "because") return `I'm calling because ${lowerFirst(rest, rest.split(" "))}.`;
    return about(rest);
  }
  if (SENTENCE_OPENERS.test(text)) return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

  const lead = /^(to|about|regarding|re:?|concerning|in regards? to|with regards? to)\s+(.*)$/i.exec(text);
  if (lead?.[1] && lead[2]) return lead[1].toLowerCase() === "to" ? imperative(lead[2]) : about(lead[2]);

  const words = text.split(" ");
  const first = (words[0] ?? "").toLowerCase();
  const next = (words[1] ?? "").toLowerCase().replace(/[^a-z']/g, "");
  if (IMPERATIVE_VERBS.has(first) && (ONLY_VERBS.has(first) || AFTER_A_VERB.has(next) || words.length === 1))
    return imperative(text);
  // "Following up on your quote", "Checking in about your order", "Confirming your appointment":
  // a verb at work, said as "I'm …". A bare "-ing" word with a noun after it is a thing
  // ("Cleaning services", "Billing questions").
  if (/^[a-z]+ing$/i.test(first) && AFTER_A_VERB.has(next)) {
    return `I'm ${lowerFirst(text, words)}.`;
  }
  return about(text);
}

function imperative(text: string): string {
  const plain = untitle(text, text.split(" "));
  const words = plain.split(" ");
  const object = (words[1] ?? "").toLowerCase();
  if (THEIRS.has(object)) words.splice(1, 0, "your");
  const phrase = words.join(" ");
  return `I'm calling to ${lowerFirst(phrase, words)}.`;
}

function about(text: string): string {
  const plain = untitle(text, text.split(" "));
  const words = plain.split(" ");
  let phrase = lowerFirst(plain, words);
  const first = (words[0] ?? "").toLowerCase();
  const head = headNoun(words);
  // A possessive is its own determiner ("Tuesday's delivery", "Dana's order").
  const possessive = /['’]s$/.test(first);
  if (!possessive && !DETERMINERS.has(first) && !/^\d/.test(first) && COUNTABLE_HEADS.has(head))
    phrase = `${article(phrase.split(" ")[0] ?? "")} ${phrase}`;
  return `I'm calling about ${phrase}.`;
}
