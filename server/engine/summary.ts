import { DEFAULT_INTENT } from "./analyze";
import { callClassification, type EngineState } from "./state";
import type { Classification, Sentiment } from "./types";

export type CallOutcome = {
  summary: string;
  sentiment: Sentiment;
  importance: number;
  followUpRequired: boolean;
  actionTaken: string;
  customerSatisfaction: number;
};

/**
 * How a summary says what a call was about, for each intent the local AI names (rules.ts,
 * structure.ts and analyze.ts's defaults). A person calling for something reads "Alice Booker
 * called to book an appointment."; a call nobody asked for reads "A robocall from +1 555…;
 * blocked.". `label` is the class the intent belongs to: an intent left over from a turn that does
 * not match the call's class is not used (a sales call is not summarised as a scam).
 */
type IntentWording =
  | { label: Classification; purpose: string }
  | { label: Classification; kind: string; about?: string };

export const INTENT_WORDING: Record<string, IntentWording> = {
  // Calls nobody asked for.
  "unwanted or fraudulent call": { label: "spam", kind: "unwanted call" },
  "automated robocall": { label: "spam", kind: "robocall" },
  "demand for gift-card payment": {
    label: "spam",
    kind: "scam call",
    about: "demanding payment in gift cards",
  },
  "warranty scheme": { label: "spam", kind: "robocall", about: "about a vehicle warranty" },
  "government impersonation": {
    label: "spam",
    kind: "scam call",
    about: "pretending to be a government agency",
  },
  "threat to extort payment": {
    label: "spam",
    kind: "scam call",
    about: "threatening arrest or a lawsuit unless paid",
  },
  "phishing for credentials": {
    label: "spam",
    kind: "scam call",
    about: "asking for a PIN, password or account number",
  },
  "prize scheme": { label: "spam", kind: "scam call", about: "about a prize" },
  "credit scheme": { label: "spam", kind: "robocall", about: "offering a lower interest rate" },
  "loan scheme": { label: "spam", kind: "robocall", about: "offering a pre-approved loan" },
  "debt scheme": { label: "spam", kind: "robocall", about: "offering debt relief" },
  "investment scheme": { label: "spam", kind: "scam call", about: "pitching an investment" },
  "tech-support scam": { label: "spam", kind: "tech-support scam call" },
  "pressure tactic": { label: "spam", kind: "high-pressure call", about: "claiming a final notice" },
  "pressure to keep a payment secret": {
    label: "spam",
    kind: "scam call",
    about: "asking to keep a payment secret",
  },
  "request to send money": { label: "spam", kind: "scam call", about: "asking for money" },
  "fake refund": { label: "spam", kind: "scam call", about: "about a refund" },
  // Selling, or buying.
  "vendor pitch": { label: "sales", kind: "sales call", about: "pitching a product or service" },
  "commercial inquiry": { label: "sales", purpose: "with a sales inquiry" },
  "price inquiry": { label: "sales", purpose: "to ask about prices" },
  "wants to buy": { label: "sales", purpose: "wanting to buy" },
  // Appointments.
  "appointment request": { label: "appointment", purpose: "about an appointment" },
  "book an appointment": { label: "appointment", purpose: "to book an appointment" },
  "reschedule an appointment": { label: "appointment", purpose: "to move an appointment" },
  "cancel an appointment": { label: "appointment", purpose: "to cancel an appointment" },
  "confirm an appointment": { label: "appointment", purpose: "to confirm an appointment" },
  "running late to an appointment": { label: "appointment", purpose: "to say they are running late" },
  // Customers with a problem.
  "customer support request": { label: "support", purpose: "for help with a problem" },
  "report a fault": { label: "support", purpose: "to report something that is not working" },
  "billing question": { label: "support", purpose: "with a question about a bill or a charge" },
  "account access": { label: "support", purpose: "for help getting into their account" },
  "service outage": { label: "support", purpose: "to report a service outage" },
  "order problem": { label: "support", purpose: "about a problem with an order" },
  // Urgent.
  "urgent personal matter": { label: "important", purpose: "about an urgent personal matter" },
  emergency: { label: "important", purpose: "about an emergency" },
  "health matter": { label: "important", purpose: "about a health matter" },
  "injury or health emergency": { label: "important", purpose: "about an injury or a medical emergency" },
  "medical results": { label: "important", purpose: "about medical results" },
  bereavement: { label: "important", purpose: "about a death" },
  accident: { label: "important", purpose: "about an accident" },
  "school calling about a child": { label: "important", purpose: "from school about a child" },
  "legal matter": { label: "important", purpose: "about a legal matter" },
  "asks for an urgent call back": { label: "important", purpose: "and asked you to call back urgently" },
  "property emergency": { label: "important", purpose: "about an emergency at a property" },
  "your bank or provider about your account": { label: "important", purpose: "about your account" },
  // Everyday calls.
  "personal message": { label: "legitimate", purpose: "and left a message" },
  "returned call": { label: "legitimate", purpose: "to return your call" },
  delivery: { label: "legitimate", purpose: "about a delivery" },
  "contractor update": { label: "legitimate", purpose: "with an update on a job" },
  reminder: { label: "legitimate", purpose: "with a reminder" },
  "personal call": { label: "legitimate", purpose: "to say hello" },
};

/** What the call amounted to, written when it ends (by the caller, the assistant or the user). */
export function summarizeCall(
  state: EngineState,
  caller: string,
  endedBy: "caller" | "assistant" | "user",
): CallOutcome {
  const classification = callClassification(state);
  const sentiment = overallSentiment(state.sentiments);
  const actionTaken =
    state.actionTaken || (state.turns === 0 ? "Ended before the caller spoke" : "Call answered");
  const message = state.message.join(" ").trim();
  const parts = [describeCall(state, classification, caller, endedBy)];
  if (message && classification !== "spam") parts.push(`Message: "${truncate(message, 400)}"`);
  if (endedBy === "user" && state.stage !== "handed_off" && state.turns > 0)
    parts.push("You ended the call.");

  const spam = classification === "spam";
  const followUpRequired =
    !spam &&
    (state.urgent ||
      (state.appointmentPending && !state.appointmentId) ||
      (message.length > 0 && classification !== "appointment"));

  let customerSatisfaction = 3;
  // Nobody spoke, or it was spam: there is no caller experience to rate.
  if (spam || state.turns === 0) customerSatisfaction = 0;
  else if (state.appointmentId) customerSatisfaction = 5;
  else if (sentiment === "negative") customerSatisfaction = 2;
  else if (sentiment === "positive" || state.stage === "handed_off") customerSatisfaction = 4;

  return {
    summary: parts.join(" "),
    sentiment,
    importance: spam ? 0 : state.importance,
    followUpRequired,
    actionTaken,
    customerSatisfaction,
  };
}

/** The summary's first sentences: who called, what for, and what the assistant did. */
function describeCall(
  state: EngineState,
  classification: Classification | null,
  caller: string,
  endedBy: "caller" | "assistant" | "user",
): string {
  if (state.turns === 0) {
    if (endedBy === "user") return `${caller} called; you ended the call before they said anything.`;
    if (endedBy === "caller") return `${caller} called and hung up without saying anything.`;
    return `${caller} called; the call ended before they said anything.${actionSentence(state.actionTaken)}`;
  }
  const wording = wordingFor(state.intent, classification);
  if (!wording) {
    // A language model's own words for the intent: quoted as a reason, not forced into a sentence.
    const reason = state.intent?.trim().replace(/[.!?]+$/, "");
    return `${caller} called${reason ? `. Reason: ${reason}` : ""}.${actionSentence(state.actionTaken)}`;
  }
  if ("purpose" in wording) return `${caller} called ${wording.purpose}.${actionSentence(state.actionTaken)}`;
  const kind = `${/^[aeiou]/i.test(wording.kind) ? "An" : "A"} ${wording.kind}`;
  return `${kind} from ${caller}${wording.about ? ` ${wording.about}` : ""}; ${outcomeOf(state.actionTaken)}.`;
}

function wordingFor(intent: string | null, classification: Classification | null): IntentWording | null {
  const known = intent ? INTENT_WORDING[intent] : undefined;
  const byClass = classification ? INTENT_WORDING[DEFAULT_INTENT[classification]] : undefined;
  // The last turn's intent can belong to another class than the call as a whole.
  if (known && classification && known.label !== classification) return byClass ?? null;
  if (known) return known;
  if (intent?.trim()) return null;
  return byClass ?? null;
}

/** The action as its own sentence, or nothing when nothing happened beyond answering. */
function actionSentence(actionTaken: string): string {
  const action = actionTaken.trim().replace(/[.]+$/, "");
  return action && action !== "Call answered" ? ` ${action}.` : "";
}

/** What happened to an unwanted call, as the end of "A robocall from …; <outcome>." */
function outcomeOf(actionTaken: string): string {
  const action = actionTaken.trim().replace(/[.]+$/, "");
  if (!action || action === "Call answered") return "answered";
  if (/^blocked\b/i.test(action)) return "blocked";
  if (/^flagged as likely spam/i.test(action)) return "not blocked, because auto-block is off";
  if (/^sales inquiry noted/i.test(action)) return "noted for follow-up";
  return `${action.charAt(0).toLowerCase()}${action.slice(1)}`;
}

function overallSentiment(sentiments: Sentiment[]): Sentiment {
  const negative = sentiments.filter((s) => s === "negative").length;
  const positive = sentiments.filter((s) => s === "positive").length;
  if (negative === 0 && positive === 0) return "neutral";
  return negative >= positive ? "negative" : "positive";
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
