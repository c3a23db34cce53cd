import type { CallDisposition } from "../../common/calls";
import { type Acts, readActs, SAFETY_ADVICE, startsAQuestion, withoutIdentityQuestion } from "./acts";
import { isCertain, type TurnAnalysis } from "./analyze";
import { type BookingRules, bookingRules, partySizeIn } from "./booking-rules";
import { type CallBrief, fillNames } from "./brief";
import { callPurposeSentence } from "./call-purpose";
import { asksPrice, contentTerms, type Knowledge, knowledge, questionParts } from "./knowledge";
import type { ConversationModel } from "./model-turn";
import { asPersonality, describeHours, formatWhen } from "./respond";
import {
  CallSession,
  type EngineAccount,
  type EnginePorts,
  type TurnEffect,
  type TurnResult,
} from "./session";
import { extractRequestedTime } from "./spoken-time";
import { callClassification, callConfidence, type EngineState } from "./state";

/**
 * One conversation engine for every call, inbound or outbound, real or simulated, configured by
 * the call's brief (brief.ts: the agent, its script, the workspace's settings). Each turn:
 *
 * 1. what must come first, whatever the call is about: an emergency gets safety advice; a stop
 *    request lists the number and ends the call; a wrong number ends it; an answering machine
 *    gets a message; "are you a robot?" gets the truth; a goodbye closes; the call's time limit
 *    wraps up;
 * 2. the answer to what the last reply asked (a time to call back, yes to a call back or a
 *    booking, a flow question's answer, a time for the appointment);
 * 3. what the turn asks for: a call back, a booking, an answer from the knowledge base (or an
 *    honest "I don't know, shall someone call you?"), a rebuttal to an objection, a polite end
 *    to a firm no;
 * 4. otherwise, inbound, the receptionist (session.ts: screening, messages, urgent calls) and,
 *    outbound, the script's next question or an offer to book.
 *
 * What the turn decides beyond words (the disposition, the do-not-call listing, the call back) is
 * in its result for the calls area to record. No I/O here but through the ports.
 */

export type EngineCall = {
  phoneNumber: string;
  /** The caller's or contact's name, when known. */
  callerName: string | null;
  /** When the call was answered (its time limit counts from here). */
  startedAt: Date;
  /** The transcript so far ("Caller: ...", "AI: ..."), for a language model. */
  history?: string[] | undefined;
};

const REBUTTAL_LIMIT = 2;

/** A question about booking, as an opening may ask it ("would you like to book your visit?"). */
const BOOKING_QUESTION = /\b(?:book|schedule|set up|come in|appointment|visit|reserve|a time)\b/i;
/** A no that will not be talked round. */
// "Never" as a no ("never going to happen"), not as a claim about the offer ("panels never pay
// for themselves"), which the playbook answers.
const FIRM_NO =
  /\b(?:said no|thanks for nothing|really|definitely|absolutely not|never (?:gonna|going to|will|would|want|happening|interested|again)|stop|please don'?t)\b|\bnever[ .!]*$/i;
/**
 * A no said with its reason, the need gone ("we replaced the heater last month, so no need"):
 * asking to check back later would not help. A reason alone ("I already switched") still
 * gets one gentle question.
 */
const SAYS_NO =
  /\b(?:no need|no,? thank(?:s| you)|not interested|(?:don'?t|do not) need|not needed|so (?:i'?m|we'?re) (?:good|fine|all set|covered))\b/i;
const NEED_GONE =
  /\b(?:already|just|recently|last (?:week|month|year|spring|summer|fall|winter)|because|since|(?:we|i) (?:replaced|bought|installed|fixed|had|got|sold|moved))\b/i;
/** The last words give the go-ahead ("yeah, go on", "sure, shoot"): no answer yet. */
const GOES_AHEAD =
  /(?:^|[.!?,;]\s*)(?:(?:oh|yeah|yes|yep|sure|ok(?:ay)?|alright|right|fine)[ ,]*)*(?:go (?:on|ahead)|shoot|fire away|ask away|i'?m listening|what (?:do you need|is it|did you want)(?: to know)?)[ .!?]*$/i;
/** "Can I talk to the nurse?": a person asked for, whatever else the words ask. */
const ASKS_FOR_SOMEONE =
  /\b(?:talk|speak|chat) (?:to|with) (?:a|an|the|your|someone|somebody|anyone|a real)\b|\b(?:put|transfer|connect) me\b/i;
/** "What time was that again?", "when is my appointment?": the time agreed, asked for again. */
const ASKS_WHEN_AGAIN = new RegExp(
  [
    "\\b(?:what|which) (?:time|day|date)\\b[^.?!]*\\b(?:again|was|did you (?:say|book)|is (?:my|it|that|the (?:appointment|booking|visit)))\\b",
    "\\bwhen (?:is|was|'s) (?:my|that|it)\\b|\\bwhen(?:'s| is) the (?:appointment|booking|visit)\\b",
    "\\b(?:repeat|say) (?:that|the|it)\\b(?:[^.?!]{0,15}\\b(?:time|day|date|again))?",
    "\\bremind me\\b",
  ].join("|"),
  "i",
);
/** Words of agreement only ("yes, that works, thanks"): nothing to pass on. */
const AGREES_ONLY =
  /^(?:(?:yes|yeah|yep|yup|sure|ok(?:ay)?|perfect|great|awesome|cool|excellent|wonderful|alright|all right|fine|good|sounds?|that|that's|works|for|me|thanks?|thank|you|so|much|then|it|is)[ ,.!]*)+$/i;
/** A question whose answer is a time or a day ("When would suit you?"), unlike "What's your zip code?". */
const ASKS_FOR_A_TIME =
  /\b(?:when|what time|what day|which day|what date|schedule|book|appointment|available|availability|a good time|a time)\b/i;
/** Words that ask for a time in so many words (a day, a booking), whatever else the answer holds. */
const NAMES_A_BOOKING =
  /\b(?:book|schedule|appointment|reserve|come (?:in|out|by|over|look)|a time|today|tomorrow|tonight|morning|afternoon|evening|next week|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b\d{1,2}(?::\d\d)? ?(?:am|pm|a\.m\.|p\.m\.)|\bo'?clock\b/i;
/** Who lives in a home, as people name them: an answer to "how many people...?". */
const HOUSEHOLD =
  /\b(?:\w+ of us|me and (?:my|the)|(?:my|the) (?:wife|husband|partner|kids?|children|teenagers?|family|roommates?|son|daughter)|\d+ (?:people|persons?)|(?:one|two|three|four|five|six) (?:people|persons?)|just me)\b/i;

/**
 * Whether words given to one question also answer the next: its distinctive words said ("work
 * from home" for "does anyone work from home?"), or the household named for "how many people".
 */
function answersAhead(next: string, said: string): boolean {
  if (ASKS_FOR_A_TIME.test(next)) return false;
  if (/\bhow many (?:people|persons|of you)\b/i.test(next) && HOUSEHOLD.test(said)) return true;
  if (/\b(?:zip|postal) code\b/i.test(next) && /\b\d{5}\b/.test(said)) return true;
  const asked = new Set(contentTerms(next).filter((term) => term.length >= 4));
  const overlap = contentTerms(said).filter((term) => asked.has(term));
  return new Set(overlap).size >= 2;
}

/** A question that asks for words ("How old is your roof?"), not a yes or a no. */
const OPEN_QUESTION = /(?:^|[.!?]\s+)(?:how|what|when|which|where|who|why)\b[^.!?]*\?\s*$/i;
/** Where a caller corrects themself: the time said after it counts. */
/**
 * Where a caller takes back the time just said: "actually", "make it", "hmm, no, Monday at 9 is
 * better", or a move to a new day ("push it to Friday").
 */
const CORRECTION =
  /\b(?:actually|no wait|wait|make (?:it|that)|instead|scratch that|or rather)\b|[.,;!?]\s*(?:(?:hmm+|um+|uh+|oh)[,.]?\s*)?no[,.]?\s+(?=(?:make it |let'?s (?:say|do) |how about |maybe )?(?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|next|the \d|at \d|\d))|\b(?:push|move|change|switch|bump|shift|reschedule) (?:it|that|this|my \w+|the \w+)(?: \w+)? to\b/i;

export class Conversation {
  private readonly session: CallSession;
  private readonly knows: Knowledge;
  private readonly rules: BookingRules;
  private readonly say: ReturnType<typeof phrasing>;

  constructor(
    private readonly brief: CallBrief,
    private readonly call: EngineCall,
    private readonly understand: (text: string) => Promise<TurnAnalysis>,
    ports: EnginePorts,
    private readonly state: EngineState,
    /** A language model answering through the engine's tools; absent: the local engine alone. */
    private readonly model: ConversationModel | null = null,
    /** What a language model is told of the brief (agents/call-brief.ts promptContext). */
    private readonly modelContext: string[] = [],
  ) {
    this.knows = knowledge(brief.facts);
    this.rules = bookingRules(brief.facts);
    this.say = phrasing(brief, call.callerName);
    this.session = new CallSession(
      receptionistOf(brief, this.rules),
      { phoneNumber: call.phoneNumber, callerName: call.callerName },
      async () => this.current ?? (await understand("")),
      ports,
      state,
    );
  }

  /** The turn's reading, shared with the receptionist so the caller is understood once. */
  private current: TurnAnalysis | null = null;

  /** What the assistant says first: the opening, with the automation disclosed when asked to. */
  opening(): string {
    const { brief } = this;
    let opening = fillNames(brief.opening, this.say.names);
    // An outbound opening that asks nothing yet says why it calls and asks if it may go on.
    if (brief.direction === "outbound" && !/\?\s*$/.test(opening)) {
      const about = saysAlready(opening, brief.purpose) ? null : callPurposeSentence(brief.purpose);
      this.state.purposeSaid = Boolean(about) || saysAlready(opening, brief.purpose);
      opening = `${opening}${about ? ` ${about}` : ""} Is now a good time to talk?`;
    }
    // What the opening asks is what the first answer answers ("would you like to book?", "is
    // now a good time?").
    if (brief.direction === "outbound" && /\?\s*$/.test(opening)) {
      const asked = /[^.!?]*\?\s*$/.exec(opening)?.[0] ?? "";
      this.state.awaiting =
        BOOKING_QUESTION.test(asked) && brief.appointments.enabled ? "booking_offer" : "permission";
    }
    if (!brief.discloseAutomation || mentionsAutomation(opening)) {
      if (mentionsAutomation(opening)) this.state.disclosed = true;
      return opening;
    }
    this.state.disclosed = true;
    const { agentName, businessName } = brief.persona;
    const introduced =
      (agentName && opening.toLowerCase().includes(agentName.toLowerCase())) ||
      opening.toLowerCase().includes(businessName.toLowerCase());
    // An opening that already says who is calling gets the plain fact after its first sentence;
    // one that does not gets who and for whom, after its greeting ("Hi Sam!").
    const disclosure = introduced
      ? "I'm an automated assistant."
      : `This is ${agentName ? `${agentName}, an automated assistant` : "an automated assistant"} ${
          brief.direction === "outbound" ? "calling for" : "for"
        } ${businessName}.`;
    const first = introduced
      ? /^[^.!?]*[.!?]+\s*/.exec(opening)?.[0]
      : /^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b[^.!?]*[.!?,]\s*/i.exec(opening)?.[0];
    if (!first) return `${disclosure} ${opening}`.trim();
    return `${first.trim()} ${disclosure} ${opening.slice(first.length).trim()}`.trim();
  }

  async hear(text: string, now: Date): Promise<TurnResult> {
    const s = this.state;
    if (s.stage === "handed_off" || s.stage === "ended") return this.session.hear(text, now);
    const analysis = await this.understand(text);
    this.current = analysis;
    const acts = readActs(text);
    const outbound = this.brief.direction === "outbound";

    // 1. First things first.
    if (acts.emergency) return this.emergency(text, now, analysis, acts.emergency);
    if (acts.stopCalling) {
      return this.end(text, analysis, this.say.removed(), "do_not_call", [{ kind: "do_not_call" }], {
        action: "Number added to the do-not-call list at the caller's request",
      });
    }
    if (outbound && acts.voicemail && s.turns < 2)
      return this.end(text, analysis, this.say.voicemail(this.brief.purpose), "voicemail", [], {
        action: "Reached voicemail; left a message",
      });
    if (acts.wrongNumber)
      return this.end(
        text,
        analysis,
        this.prefix(acts.identityQuestion ? this.say.automated() : null, this.say.wrongNumber()),
        "wrong_number",
        [],
        {
          action: "Wrong number: the call was ended",
        },
      );
    const disclosure = acts.identityQuestion ? this.say.automated() : null;
    if (disclosure) s.disclosed = true;
    const limit = this.brief.maxCallMinutes;
    if (limit !== null && now.getTime() - this.call.startedAt.getTime() >= limit * 60_000)
      return this.end(text, analysis, this.say.timeUp(), this.settled(), [], {
        action: `Wrapped up at the ${limit}-minute limit`,
      });
    const requested = this.requestedTime(text, now);
    if (acts.goodbye && !acts.question && !acts.booking && !acts.callback && !requested) {
      // "No thanks, bye" on a call we placed is a no, said with a goodbye.
      if (outbound && acts.notInterested) return this.notInterested(text, analysis, disclosure);
      return this.end(text, analysis, this.prefix(disclosure, this.say.goodbye()), this.settled(), [], {
        action: s.actionTaken,
      });
    }

    // A configured language model answers the rest, through the engine's tools; without an
    // answer in time (or a usable one) the local engine goes on below.
    // A caller the receptionist is sure is unwanted (or the block list) is screened first.
    const screenedOut =
      !outbound && analysis.classification === "spam" && (isCertain(analysis) || s.spamDoubted);
    if (this.model && !screenedOut) {
      const modelled = await this.modelTurn(text, now, analysis, disclosure);
      if (modelled) return modelled;
    }

    // Someone answering for the person called is asked when they can be reached.
    if (outbound && acts.answersForSomeone && !acts.stopCalling && !s.calleeAway) {
      s.calleeAway = true;
      const when = this.callbackTime(text, now);
      if (when) return this.scheduleCallback(text, analysis, when, disclosure);
      s.awaiting = "callback_time";
      s.actionTaken = "Someone else answered: asked when the callee can be reached";
      return this.reply(text, analysis, this.prefix(disclosure, this.say.askWhenToReach(text)));
    }

    // 2. The answer to what the last reply asked.
    const awaited = await this.awaited(text, now, analysis, acts, disclosure, requested);
    if (awaited) return awaited;
    const recalled = requested ? null : this.recall(text, analysis, disclosure);
    if (recalled) return recalled;
    const booking = this.brief.appointments.enabled;
    if (s.stage === "awaiting_time" || s.stage === "offered_slot") {
      if (requested || acts.affirm || acts.deny || !acts.question)
        return this.prefixed(disclosure, await this.book(text, now, analysis));
    }

    // 3. What the turn asks for.
    if (acts.checksLine) return this.reply(text, analysis, `Yes, I can hear you. ${this.say.carryOn()}`);
    if ((acts.whoIsCalling || (outbound && acts.answering && s.turns === 0)) && !acts.stopCalling)
      return this.introduce(text, analysis, disclosure, acts);
    if (acts.runningLate && !outbound) return this.runningLate(text, analysis, disclosure);
    // A question asked beside a request ("what's the warranty, and can you come Monday at 3?") is
    // answered before the request is taken up.
    const aside = acts.booking || acts.callback || requested ? this.asideAnswer(text, now) : null;
    const lead = [disclosure, aside].filter(Boolean).join(" ") || null;
    if (acts.callback && !acts.booking && (outbound || requested))
      return this.callback(text, now, analysis, lead);
    // A day and time offered for a visit ("Thursday at 3?", "would Saturday at 10 work?") is a
    // booking, on a call that books and where nothing else asks for the time.
    const offersTime =
      requested !== null &&
      (requested.hasTime
        ? acts.affirm || acts.interest || acts.question || outbound
        : acts.question && (outbound || analysis.classification === "appointment"));
    if (booking && (acts.booking || offersTime) && (outbound || analysis.classification !== "spam")) {
      // A question the knowledge answers comes first when it names no hour ("do you do
      // whitening?", "what time do you close today?").
      const answered =
        acts.question && !acts.booking && !requested?.hasTime
          ? this.answer(text, analysis, disclosure, true)
          : null;
      if (answered) return answered;
      return this.prefixed(lead, await this.book(text, now, analysis));
    }
    // "I'll call you when I decide": the callee will be in touch; the call closes on what it came to.
    if (outbound && acts.defers && !acts.question && !acts.booking)
      return this.notInterested(text, analysis, disclosure);
    if (outbound && (acts.notInterested || acts.objection))
      return this.objection(text, analysis, acts, disclosure);
    // "Is this a robot?" asked alone is answered by saying so, and the call goes on.
    const onlyIdentity = disclosure !== null && !this.asksMoreThanIdentity(text);
    if (acts.question && !onlyIdentity) {
      const answered = this.answer(text, analysis, disclosure);
      if (answered) return answered;
    }
    if (onlyIdentity) return this.reply(text, analysis, `${disclosure} ${this.say.carryOn()}`);
    if (disclosure && !acts.question && analysis.informative === false)
      return this.reply(text, analysis, `${disclosure} ${this.say.carryOn()}`);

    // 4. The rest of the call.
    // "Yes, that works" once the booking is made: agreed, nothing to pass on.
    if (s.booked && acts.affirm && !acts.question && !requested && AGREES_ONLY.test(text.trim()))
      return this.reply(
        text,
        analysis,
        this.prefix(disclosure, `${this.say.acknowledge()} ${this.nextStep()}`),
      );
    if (!outbound) {
      // A question nothing answers is said so, and a message taken: never a booking or a
      // support apology it did not ask for.
      if (acts.question && !acts.booking && !requested && this.isRealQuestion(text))
        return this.unknownInbound(text, analysis, disclosure);
      // A statement the knowledge speaks to ("I need a refill") is answered from it, unless the
      // caller needs a person (urgent) or a time.
      const ordinary = analysis.classification !== "important" && analysis.classification !== "spam";
      if (!acts.question && ordinary && !acts.booking && !requested && s.stage === "screening") {
        const answered = this.answer(text, analysis, disclosure, true, "statement");
        if (answered) return answered;
      }
      return this.prefixed(disclosure, this.withFlowStep(await this.session.hear(text, now), analysis));
    }
    return this.outreach(text, analysis, acts, disclosure);
  }

  /**
   * The day and time the words name, the last one said when the caller corrects themself
   * ("Friday at 11, actually no, make that Friday at 2"); null when none.
   */
  private requestedTime(text: string, now: Date) {
    text = withoutThePresent(text);
    const corrected = text.split(CORRECTION);
    const last = corrected.length > 1 ? corrected.at(-1) : undefined;
    const { timeZone, workingHours, appointments } = this.brief;
    const read = (words: string) =>
      extractRequestedTime(words, now, timeZone, workingHours, appointments.durationMinutes);
    return (last ? read(last) : null) ?? read(text);
  }

  /** A booking turn, the corrected time first when the caller changed their mind. */
  private book(text: string, now: Date, analysis: TurnAnalysis): Promise<TurnResult> {
    const tooLarge = this.partyTooLarge(text, analysis);
    if (tooLarge) return Promise.resolve(tooLarge);
    const corrected = text.split(CORRECTION);
    const last = corrected.length > 1 ? corrected.at(-1)?.trim() : null;
    const words = withoutThePresent(last && this.requestedTime(last, now) ? last : text);
    return this.session
      .bookingTurn(words, now, analysis)
      .then((turn) =>
        words === text ? turn : { ...turn, lines: [`Caller: ${text}`, ...turn.lines.slice(1)] },
      );
  }

  /**
   * A party larger than the business books itself ("parties of eight or more are arranged with
   * our manager"): its rule said, and the request passed on rather than booked.
   */
  private partyTooLarge(text: string, analysis: TurnAnalysis): TurnResult | null {
    const limit = this.rules.partyLimit;
    if (!limit) return null;
    const sizes = [text, ...this.state.answers.map((a) => a.answer)].map(partySizeIn);
    const size = sizes.find((n) => n !== null) ?? null;
    if (size === null || size < limit.atLeast) return null;
    const s = this.state;
    s.stage = "message";
    s.message.push(text);
    s.actionTaken = `A party of ${size}: passed on to arrange, as the business's rules say`;
    return this.reply(text, analysis, `${limit.rule} ${this.say.passOnLargeParty()}`);
  }

  /** What the call came to when it ends: the flow answered is qualified, an interest interested. */
  private settled(): CallDisposition | null {
    const s = this.state;
    if (this.brief.direction !== "outbound") return s.disposition;
    const steps = this.brief.flowSteps.length;
    if (steps > 0 && s.answers.length >= steps && (s.disposition === null || s.disposition === "interested"))
      return "qualified";
    if (s.disposition === null && s.answers.length > 0) return "interested";
    return s.disposition;
  }

  /** Whether a question has words of its own to answer ("do you do whitening?", not "what?"). */
  private asksMoreThanIdentity(text: string): boolean {
    const rest = withoutIdentityQuestion(text);
    return readActs(rest).question && this.isRealQuestion(rest);
  }

  private isRealQuestion(text: string): boolean {
    return contentTerms(text).length > 0;
  }

  private runningLate(text: string, analysis: TurnAnalysis, disclosure: string | null): TurnResult {
    const s = this.state;
    s.stage = "message";
    s.message.push(text);
    s.actionTaken = "The caller is running late: message taken";
    return this.reply(text, analysis, this.prefix(disclosure, this.say.runningLate()));
  }

  private unknownInbound(text: string, analysis: TurnAnalysis, disclosure: string | null): TurnResult {
    const s = this.state;
    s.stage = "message";
    s.message.push(text);
    s.actionTaken = "A question the assistant had no answer for: message taken for a call back";
    return this.reply(text, analysis, this.prefix(disclosure, this.say.unknownInbound()));
  }

  // --- first things ------------------------------------------------------------------------

  private async emergency(
    text: string,
    now: Date,
    analysis: TurnAnalysis,
    kind: keyof typeof SAFETY_ADVICE,
  ): Promise<TurnResult> {
    const advice = SAFETY_ADVICE[kind];
    if (this.brief.direction === "outbound") {
      const ended = this.end(
        text,
        analysis,
        `${advice} I'll let you go now. Please stay safe.`,
        this.state.disposition,
        [],
        {
          action: "The callee reported an emergency: safety advice given and the call ended",
        },
      );
      return { ...ended, safetyAdvice: advice };
    }
    // Inbound, the receptionist takes it as urgent (forwarded or an urgent message), after the advice.
    analysis.classification = "important";
    analysis.intent = analysis.intent === "emergency" ? analysis.intent : "emergency";
    analysis.urgency = Math.max(analysis.urgency, 0.9);
    const turn = await this.session.hear(text, now);
    const rest = (turn.reply ?? "").replace(
      /If anyone is in danger, please hang up and call 911 now\.\s*/,
      "",
    );
    return { ...this.replaced(turn, `${advice} ${rest}`.trim()), safetyAdvice: advice };
  }

  // --- what the last reply asked -------------------------------------------------------------

  private async awaited(
    text: string,
    now: Date,
    analysis: TurnAnalysis,
    acts: Acts,
    disclosure: string | null,
    requested: ReturnType<Conversation["requestedTime"]>,
  ): Promise<TurnResult | null> {
    const s = this.state;
    const awaiting = s.awaiting;
    if (!awaiting) return null;
    s.awaiting = null;
    switch (awaiting) {
      case "callback_time": {
        const when = this.callbackTime(text, now);
        if (when) return this.scheduleCallback(text, analysis, when, disclosure);
        if (acts.deny || acts.notInterested) return this.notInterested(text, analysis, disclosure);
        // No time said twice: the next working morning, said so.
        return this.scheduleCallback(text, analysis, this.nextWorkingMorning(now), disclosure);
      }
      case "callback_offer":
        // A time to book ("book me for Monday at 11") is a booking, not a call back.
        if (acts.booking && requested && this.brief.appointments.enabled)
          return this.prefixed(disclosure, await this.book(text, now, analysis));
        // "I'd still want someone to look at it, what's the next step?": the visit, not a call.
        if (acts.interest && !acts.affirm && !requested && this.brief.appointments.enabled) {
          s.disposition = upgrade(s.disposition, "interested");
          s.awaiting = "booking_offer";
          return this.reply(text, analysis, this.prefix(disclosure, this.say.offerBooking()));
        }
        if (acts.affirm || acts.interest || requested) {
          const when = this.callbackTime(text, now);
          if (when) return this.scheduleCallback(text, analysis, when, disclosure);
          s.awaiting = "callback_time";
          return this.reply(text, analysis, this.prefix(disclosure, this.say.askCallbackTime()));
        }
        return null;
      case "permission":
        // "Is now a good time?" — yes: why we call and the first question; no: when is better.
        if (acts.callback || acts.notInterested || acts.objection || acts.question) return null;
        if (acts.affirm || acts.interest) return this.outreach(text, analysis, acts, disclosure);
        if (acts.deny) {
          s.awaiting = "callback_time";
          return this.reply(text, analysis, this.prefix(disclosure, this.say.askCallbackTime()));
        }
        return null;
      case "booking_offer":
        // "Call me next month instead" answers the offer with a call back.
        if (acts.callback) return null;
        if (acts.question && !requested && !acts.notInterested && !acts.deny) {
          // "Is the assessment free?" before saying yes: the answer, then the offer again.
          const answered = this.answer(text, analysis, disclosure);
          if (answered) {
            s.disposition = upgrade(s.disposition, "interested");
            return answered;
          }
        }
        if (
          (acts.affirm || acts.interest || acts.booking || requested) &&
          !acts.notInterested &&
          !acts.deny
        ) {
          if (!this.brief.appointments.enabled) return null;
          s.disposition = upgrade(s.disposition, "interested");
          return this.prefixed(disclosure, await this.book(text, now, analysis));
        }
        return null;
      case "flow_answer": {
        const question = this.brief.flowSteps[s.flowStep - 1];
        // "No court dates, no." answers "Any court dates coming up?": a no to the question, not to us.
        const answersYesOrNo =
          !!question && !OPEN_QUESTION.test(question) && (acts.deny || acts.affirm) && !acts.objection;
        // "Way too much, like 160" answers "How much do you pay each month?".
        const answersThePrice = !!question && /\bhow much\b/i.test(question);
        const elsewhere =
          (acts.notInterested && !answersYesOrNo) ||
          (acts.objection && !answersThePrice) ||
          acts.callback ||
          acts.stopCalling ||
          acts.whoIsCalling;
        if (!question || elsewhere) return null;
        // "Yeah, go on" to "How old is your roof?" lets us ask: the question again, not an answer.
        if (OPEN_QUESTION.test(question) && GOES_AHEAD.test(text.trim())) {
          s.flowStep = Math.max(0, s.flowStep - 1);
          if (this.brief.direction === "outbound") return this.outreach(text, analysis, acts, disclosure);
          return null;
        }
        // An answer said with a rise ("maybe twelve years old?") is still an answer: only a
        // question of the caller's own ("how long does it take?", "and if I add TV?") is answered
        // instead, and the flow's question waits.
        // "Why, who do you think? Comcast, like everybody": the answer after the question is the answer.
        const answeredAfter = contentTerms(text.split("?").at(-1) ?? "").length > 0 && text.includes("?");
        const ownQuestion =
          acts.question &&
          !answeredAfter &&
          (startsAQuestion(text) || /^(?:and|but|so|what about|how about) /i.test(text.trim()));
        if (ownQuestion) {
          s.flowStep = Math.max(0, s.flowStep - 1);
          return null;
        }
        s.answers.push({ question, answer: text });
        this.takeAnswersAhead(text);
        // "Four of us" to "How many people...?" is a count and "eight oh five one seven" to the
        // zip code's question a zip code: not a time or a table, unless a day or booking is named.
        const aCount = !ASKS_FOR_A_TIME.test(question) && !NAMES_A_BOOKING.test(text);
        if (aCount && (acts.booking || requested) && this.brief.direction === "inbound") {
          s.message.push(text);
          return this.reply(
            text,
            analysis,
            this.prefix(disclosure, `${this.say.acknowledge()} ${this.nextStep()}`),
          );
        }
        if ((acts.booking || requested) && !aCount) return null;
        if (this.brief.direction === "outbound") return this.outreach(text, analysis, acts, disclosure);
        return null;
      }
    }
  }

  // --- requests ----------------------------------------------------------------------------

  /** Who is calling and why, then the next step. */
  private introduce(text: string, analysis: TurnAnalysis, disclosure: string | null, acts: Acts): TurnResult {
    const s = this.state;
    const { persona } = this.brief;
    const known = s.disclosed || Boolean(disclosure);
    const who = persona.agentName
      ? `This is ${persona.agentName}${known ? "" : ", an automated assistant,"} with ${persona.businessName}.`
      : `This is ${known ? "the" : "an automated"} assistant for ${persona.businessName}.`;
    s.disclosed = true;
    if (this.brief.direction === "inbound") return this.reply(text, analysis, `${who} ${this.say.carryOn()}`);
    const about = callPurposeSentence(this.brief.purpose);
    s.purposeSaid = s.purposeSaid || Boolean(about);
    // Someone who only said "Hello?" may not have heard the opening: who, why, and may we go on.
    const next = acts.whoIsCalling ? this.nextStep() : "Is now a good time to talk?";
    return this.reply(text, analysis, [who, about ?? "", next].filter(Boolean).join(" "));
  }

  private callbackTime(text: string, now: Date): Date | null {
    const { timeZone, workingHours } = this.brief;
    // "At 2, no wait, 3:30 is better": the last time said; "don't call before noon" is a limit.
    const segments = text.split(CORRECTION);
    const last = segments.length > 1 ? (segments.at(-1) ?? text) : text;
    let words = withoutThePresent(callbackWords(last)).replace(
      /\b(?:don'?t|do not|never) call (?:me |us )?(?:before|until|till) [\w:]+(?: (?:am|pm))?/gi,
      " ",
    );
    // "She's on shift till 6, try her after that": after the hour said.
    const untilThen = /\b(?:til|till|until|'til) (\d{1,2}(?::\d\d)?(?:\s*[ap]\.?m\.?)?)\b/i.exec(words);
    if (
      untilThen &&
      /\bafter (?:that|then|it|she'?s|he'?s)\b|\bon (?:shift|duty)\b|\bat (?:work|school)\b|\bbusy\b/i.test(
        words,
      )
    )
      words = words.replace(untilThen[0], `after ${untilThen[1]}`);
    const later = inAWhile(words);
    if (later) return new Date(now.getTime() + later);
    const deadline = this.callbackDeadline(words, now);
    if (deadline) return deadline;
    const requested =
      extractRequestedTime(words, now, timeZone, workingHours, 15) ??
      (last !== text ? extractRequestedTime(withoutThePresent(text), now, timeZone, workingHours, 15) : null);
    if (!requested) return null;
    return requested.start.getTime() > now.getTime() ? requested.start : null;
  }

  /**
   * "Call me back before 4 today": an hour before the time said, so the call is made in time,
   * and never sooner than a quarter of an hour from now.
   */
  private callbackDeadline(words: string, now: Date): Date | null {
    const by = /\b(?:before|by|no later than|not later than)\b/i;
    if (!by.test(words)) return null;
    const { timeZone, workingHours } = this.brief;
    // The day said before the limit is its day: "Thursday morning, before 10".
    const at = extractRequestedTime(words.replace(by, "at"), now, timeZone, workingHours, 15);
    if (!at?.hasTime) return null;
    const soonest = now.getTime() + 15 * 60_000;
    if (at.start.getTime() <= soonest) return null;
    return new Date(Math.max(soonest, at.start.getTime() - 60 * 60_000));
  }

  private nextWorkingMorning(now: Date): Date {
    const { timeZone, workingHours } = this.brief;
    const reading = extractRequestedTime("tomorrow morning", now, timeZone, workingHours, 15);
    return reading?.start ?? new Date(now.getTime() + 24 * 60 * 60_000);
  }

  private callback(text: string, now: Date, analysis: TurnAnalysis, disclosure: string | null): TurnResult {
    const when = this.callbackTime(text, now);
    if (when) return this.scheduleCallback(text, analysis, when, disclosure);
    this.state.awaiting = "callback_time";
    this.state.actionTaken = "Asked when to call back";
    return this.reply(text, analysis, this.prefix(disclosure, this.say.askCallbackTime()));
  }

  private scheduleCallback(
    text: string,
    analysis: TurnAnalysis,
    at: Date,
    disclosure: string | null,
  ): TurnResult {
    const when = formatWhen(at, this.brief.timeZone);
    this.state.callback = { at: at.toISOString(), said: text };
    const reply = this.prefix(
      disclosure,
      this.state.calleeAway ? this.say.tryAgainAt(when) : this.say.callbackSet(when),
    );
    return this.end(
      text,
      analysis,
      reply,
      "call_back",
      [{ kind: "callback", at: at.toISOString(), said: text }],
      {
        action: `Call back scheduled for ${when}`,
      },
    );
  }

  private objection(text: string, analysis: TurnAnalysis, acts: Acts, disclosure: string | null): TurnResult {
    const s = this.state;
    const rebuttal = this.rebuttalFor(text);
    const willing = this.brief.persona.assertiveness >= 4;
    const firm = acts.notInterested && (s.rebuttals >= 1 || !willing || FIRM_NO.test(text));
    const reasoned = NEED_GONE.test(text) && SAYS_NO.test(text);
    if (!rebuttal && !firm && !reasoned && acts.notInterested && this.brief.persona.assertiveness >= 5) {
      // No answer to this objection in the playbook: one gentle question before letting go,
      // the no standing unless the answer changes it.
      s.rebuttals += 1;
      s.awaiting = "callback_offer";
      s.disposition = "not_interested";
      return this.reply(text, analysis, this.prefix(disclosure, this.say.checkBack()));
    }
    if (!rebuttal || firm || s.rebuttals >= REBUTTAL_LIMIT) {
      if (acts.objection && !acts.notInterested && this.brief.appointments.enabled) {
        // "Send me some info" or "I need to think about it" is not a no: offer a call back.
        s.awaiting = "callback_offer";
        s.disposition = upgrade(s.disposition, "interested");
        return this.reply(text, analysis, this.prefix(disclosure, this.say.offerCallback()));
      }
      return this.notInterested(text, analysis, disclosure);
    }
    s.rebuttals += 1;
    s.awaiting = this.brief.appointments.enabled ? "booking_offer" : "callback_offer";
    s.actionTaken = "Answered an objection from the rebuttal playbook";
    // Their last word was no: that is what the call came to unless the answer changes it.
    if (acts.notInterested) s.disposition = "not_interested";
    const ask = this.brief.appointments.enabled ? this.say.offerBooking() : this.say.offerCallback();
    return this.reply(text, analysis, this.prefix(disclosure, `${this.say.understand()} ${rebuttal} ${ask}`));
  }

  /** The answers to the questions of a turn that also asks for a time or a call back. */
  private asideAnswer(text: string, now: Date): string | null {
    const parts = questionParts(text);
    if (parts.length < 2) return null;
    const facts = parts.flatMap((part) => {
      const acts = readActs(part);
      if (acts.booking || acts.callback || this.requestedTime(part, now)) return [];
      const found = this.knows.answer(part);
      return found && !found.priceUnknown ? [found.fact] : [];
    });
    return facts.length ? [...new Set(facts)].join(" ") : null;
  }

  /** "Zip's 59801 and it's me and my two teenagers": the script's next questions answered already. */
  private takeAnswersAhead(text: string): void {
    const s = this.state;
    for (let next = this.brief.flowSteps[s.flowStep]; next && answersAhead(next, text); ) {
      s.answers.push({ question: next, answer: text });
      s.flowStep += 1;
      next = this.brief.flowSteps[s.flowStep];
    }
  }

  /** The time this call booked (or just offered), said again when the caller asks for it. */
  private recall(text: string, analysis: TurnAnalysis, disclosure: string | null): TurnResult | null {
    const s = this.state;
    const slot = s.booked ?? (s.stage === "offered_slot" ? s.offeredSlot : null);
    if (!slot || !ASKS_WHEN_AGAIN.test(text)) return null;
    const when = formatWhen(new Date(slot.start), this.brief.timeZone);
    if (!s.booked)
      return this.reply(
        text,
        analysis,
        this.prefix(disclosure, `That was ${when}. Would that work for you?`),
      );
    s.actionTaken = `Said the appointment's time again: ${when}`;
    return this.reply(
      text,
      analysis,
      this.prefix(disclosure, `You're booked for ${when}. ${this.nextStep()}`),
    );
  }

  private notInterested(text: string, analysis: TurnAnalysis, disclosure: string | null): TurnResult {
    // A lead who answered our questions and will call when ready is still that lead, not a no.
    const settled = this.settled();
    if (readActs(text).defers && (settled === "qualified" || settled === "interested")) {
      return this.end(text, analysis, this.prefix(disclosure, this.say.whenReady()), settled, [], {
        action: "The callee will be in touch when ready; the call was closed politely",
      });
    }
    return this.end(text, analysis, this.prefix(disclosure, this.say.letGo()), "not_interested", [], {
      action: "The callee is not interested; the call was closed politely",
    });
  }

  private rebuttalFor(text: string): string | null {
    const playbook = this.brief.rebuttals;
    if (!playbook.length) return null;
    const matched = knowledge(playbook.map((line) => ({ text: line, source: "agent" as const }))).answer(
      text,
    );
    return matched?.fact ?? playbook[this.state.rebuttals % playbook.length] ?? null;
  }

  /**
   * An answer from what the assistant knows; null when it knows nothing about it (inbound, or
   * `foundOnly`), or the question has no words of its own ("what?").
   */
  private answer(
    text: string,
    analysis: TurnAnalysis,
    disclosure: string | null,
    foundOnly = false,
    kind: "question" | "statement" = "question",
  ): TurnResult | null {
    const s = this.state;
    // "How much is that?" asks about what the call is about.
    const subject = s.topic ?? this.brief.purpose;
    const about = asksPrice(text) && !this.isRealQuestion(text) && subject ? ` ${subject}` : "";
    if (kind === "question" && this.isRealQuestion(text)) s.topic = text;
    const found = this.knows.answer(`${text}${about}`, kind);
    const outbound = this.brief.direction === "outbound";
    if (!found) {
      if (foundOnly || (!this.isRealQuestion(text) && !about)) return null;
      if (!outbound && !asksPrice(text)) return null;
      s.awaiting = "callback_offer";
      s.actionTaken = "A question the assistant had no answer for: a call back offered";
      // Asking about what we offer is interest, whether or not we know the answer.
      if (outbound) s.disposition = upgrade(s.disposition, "interested");
      return this.reply(text, analysis, this.prefix(disclosure, this.say.unknown()));
    }
    let reply = found.fact;
    if (found.priceUnknown) {
      s.awaiting = "callback_offer";
      reply = `${reply} ${this.say.priceUnknown()}`;
    } else {
      reply = `${reply} ${this.nextStep()}`;
    }
    s.actionTaken = "Answered a question from the knowledge base";
    if (outbound) s.disposition = upgrade(s.disposition, "interested");
    const turn = this.reply(text, analysis, this.prefix(disclosure, reply));
    return kind === "question" && !ASKS_FOR_SOMEONE.test(text) ? { ...turn, answeredQuestion: true } : turn;
  }

  // --- outbound --------------------------------------------------------------------------

  private outreach(text: string, analysis: TurnAnalysis, acts: Acts, disclosure: string | null): TurnResult {
    const s = this.state;
    if (acts.interest || acts.affirm) s.disposition = upgrade(s.disposition, "interested");
    const allAnswered =
      this.brief.flowSteps.length > 0 && s.flowStep >= this.brief.flowSteps.length && s.answers.length > 0;
    if (allAnswered && (s.disposition === "interested" || s.disposition === null))
      s.disposition = upgrade(s.disposition, "qualified");
    // The first answer hears why the call is made, once (after "sure" too).
    const about = s.purposeSaid ? null : callPurposeSentence(this.brief.purpose);
    s.purposeSaid = true;
    const lead = [acts.interest || acts.affirm ? this.say.acknowledge() : "", about ?? ""].join(" ").trim();
    this.takeAnswersAhead(text);
    return this.reply(text, analysis, this.prefix(disclosure, `${lead} ${this.nextStep()}`.trim()));
  }

  /**
   * The script's next question, else (outbound) an offer to book or to have someone follow up,
   * (inbound) whether there is anything else.
   */
  private nextStep(): string {
    const s = this.state;
    const step = this.brief.flowSteps[s.flowStep];
    if (step) {
      s.flowStep += 1;
      s.awaiting = "flow_answer";
      return fillNames(step, this.say.names);
    }
    if (this.brief.direction === "inbound") return this.say.anythingElse();
    if (this.brief.appointments.enabled) {
      s.awaiting = "booking_offer";
      return this.say.offerBooking();
    }
    s.awaiting = "callback_offer";
    return this.say.offerCallback();
  }

  /**
   * Inbound, the script's next question takes the place of the receptionist's closing question
   * ("Is there anything else I should add?"), one per turn, never while a time is being agreed,
   * after a transfer or at the end.
   */
  private withFlowStep(turn: TurnResult, analysis: TurnAnalysis): TurnResult {
    const s = this.state;
    const step = this.brief.flowSteps[s.flowStep];
    const reply = turn.reply;
    if (!step || !reply || turn.call.end || turn.call.forwardTo || !analysis.informative) return turn;
    if (s.stage === "awaiting_time" || s.stage === "offered_slot" || s.stage === "handed_off") return turn;
    const sentences = reply.match(/[^.!?]+[.!?]+["')]*\s*|[^.!?]+$/g)?.map((part) => part.trim()) ?? [reply];
    const last = sentences.at(-1) ?? "";
    const rest = last.endsWith("?") && sentences.length > 1 ? sentences.slice(0, -1).join(" ") : reply;
    s.flowStep += 1;
    s.awaiting = "flow_answer";
    return this.replaced(turn, `${rest} ${fillNames(step, this.say.names)}`);
  }

  // --- a language model's turn ----------------------------------------------------------------

  private async modelTurn(
    text: string,
    now: Date,
    analysis: TurnAnalysis,
    disclosure: string | null,
  ): Promise<TurnResult | null> {
    const s = this.state;
    const found = this.knows.answer(text);
    const answer = await this.model?.({
      brief: this.brief,
      context: this.modelContext,
      state: s,
      history: this.call.history ?? [],
      text,
      now,
      knowledge: found ? [found.fact] : [],
      nextQuestion: this.brief.flowSteps[s.flowStep] ?? null,
    });
    if (!answer) return null;
    const reply = this.prefix(disclosure, answer.reply);
    for (const action of answer.actions)
      if (action.tool === "set_disposition") s.disposition = upgrade(s.disposition, action.disposition);
    s.awaiting = null;
    for (const action of answer.actions) {
      switch (action.tool) {
        case "mark_do_not_call":
          return this.end(text, analysis, reply, "do_not_call", [{ kind: "do_not_call" }], {
            action: "Number added to the do-not-call list at the caller's request",
          });
        case "schedule_callback": {
          const at = this.timeOf(action.when, now);
          if (at) return this.scheduleCallback(text, analysis, at, disclosure);
          break;
        }
        case "book_appointment": {
          if (!this.brief.appointments.enabled) break;
          // Booked through the calendar's checks; the engine says what happened (booked, or the
          // nearest free time offered).
          const booking = await this.session.bookingTurn(action.when, now, analysis);
          return this.prefixed(disclosure, {
            ...booking,
            lines: [`Caller: ${text}`, ...booking.lines.slice(1)],
          });
        }
        case "transfer":
          if (this.brief.transferNumber) return this.transfer(text, analysis, reply, action.reason);
          break;
        case "end_call":
          return this.end(text, analysis, reply, s.disposition, [], { action: "The call was closed" });
        default:
          break;
      }
    }
    return this.reply(text, analysis, reply);
  }

  /** A time a model named: an ISO instant, or words read as the caller's would be. */
  private timeOf(when: string, now: Date): Date | null {
    const instant = /^\d{4}-\d{2}-\d{2}T/.test(when) ? new Date(when) : null;
    if (instant && !Number.isNaN(instant.getTime())) return instant > now ? instant : null;
    return this.callbackTime(when, now);
  }

  private transfer(text: string, analysis: TurnAnalysis, reply: string, reason: string): TurnResult {
    const s = this.state;
    s.turns += 1;
    s.stage = "handed_off";
    s.disposition = "transferred";
    s.actionTaken = `Transferred to ${this.brief.transferNumber}: ${reason}`;
    this.note(analysis);
    const turn = this.result(
      analysis,
      reply,
      [`Caller: ${text}`, `AI: ${reply}`, `System: ${s.actionTaken}`],
      null,
      [],
    );
    return { ...turn, call: { ...turn.call, forwardTo: this.brief.transferNumber } };
  }

  // --- results -----------------------------------------------------------------------------

  private prefix(disclosure: string | null, reply: string): string {
    return disclosure ? `${disclosure} ${reply}` : reply;
  }

  private prefixed(disclosure: string | null, turn: TurnResult): TurnResult {
    if (!disclosure || turn.reply === null) return turn;
    return this.replaced(turn, `${disclosure} ${turn.reply}`);
  }

  /** The turn with its reply said differently (the transcript line follows). */
  private replaced(turn: TurnResult, reply: string): TurnResult {
    const before = turn.reply;
    return {
      ...turn,
      reply,
      lines: turn.lines.map((line) => (before !== null && line === `AI: ${before}` ? `AI: ${reply}` : line)),
    };
  }

  /** A reply that keeps the call going. */
  private reply(text: string, analysis: TurnAnalysis, reply: string): TurnResult {
    this.state.turns += 1;
    this.note(analysis);
    return this.result(analysis, reply, [`Caller: ${text}`, `AI: ${reply}`], null, []);
  }

  /** A reply that ends the call, with what it came to and what must be done. */
  private end(
    text: string,
    analysis: TurnAnalysis,
    reply: string,
    disposition: CallDisposition | null,
    effects: TurnEffect[],
    how: { action: string },
  ): TurnResult {
    const s = this.state;
    s.turns += 1;
    s.stage = "ended";
    s.awaiting = null;
    if (disposition) s.disposition = disposition;
    if (how.action) s.actionTaken = how.action;
    this.note(analysis);
    const lines = [`Caller: ${text}`, `AI: ${reply}`, ...(how.action ? [`System: ${how.action}`] : [])];
    return this.result(analysis, reply, lines, "completed", effects);
  }

  /** Folds the turn into the call-level picture, as the receptionist does for its own turns. */
  private note(analysis: TurnAnalysis): void {
    const s = this.state;
    if (analysis.informative)
      for (const [label, score] of Object.entries(analysis.scores) as [keyof typeof s.evidence, number][])
        s.evidence[label] += score;
    s.intent ??= analysis.intent;
    s.importance = Math.max(s.importance, analysis.importance);
    s.sentiments.push(analysis.sentiment);
  }

  private result(
    analysis: TurnAnalysis,
    reply: string,
    lines: string[],
    end: "completed" | null,
    effects: TurnEffect[],
  ): TurnResult {
    const s = this.state;
    return {
      analysis: { ...analysis, appointment: null },
      reply,
      lines,
      state: s,
      call: {
        classification: callClassification(s) ?? analysis.classification,
        confidence: callConfidence(s),
        end,
        forwardTo: null,
        disposition: s.disposition,
      },
      effects,
    };
  }
}

/** Later outcomes outrank earlier ones only when they say more (qualified over interested). */
function upgrade(current: CallDisposition | null, next: CallDisposition): CallDisposition {
  const rank: Partial<Record<CallDisposition, number>> = { interested: 1, qualified: 2, booked: 3 };
  if (!current) return next;
  return (rank[next] ?? 0) > (rank[current] ?? 0) ? next : current;
}

/**
 * The words without the present ("I can't talk now, call me tomorrow at 3", "it's too expensive
 * right now"): why, not when. "An hour from now" keeps its "now".
 */
const DAY_NAMES = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
const PAST_TIMES = new RegExp(
  [
    `\\bsince (?:this |early this )?(?:morning|afternoon|${DAY_NAMES}|the weekend)\\b`,
    `\\b(?:since |from |as of )?last (?:night|evening|week|weekend|month|year|${DAY_NAMES})\\b`,
    "\\b(?:since |from )?yesterday(?: (?:morning|afternoon|evening))?\\b",
    "\\b(?:since )?earlier (?:today|this (?:morning|week))\\b",
    "\\b(?:\\d+|a|an|a couple of|a few|two|three) (?:minutes?|hours?|days?|weeks?|months?) ago\\b",
  ].join("|"),
  "gi",
);

function withoutThePresent(text: string): string {
  return (
    text
      .replace(/\b(?:right now|just now|at the moment|currently|these days|at this point)\b/gi, " ")
      .replace(/\b(from )?now(?:'s)?\b/gi, (word, from: string | undefined) => (from ? word : " "))
      // The past is when a problem began, never a time asked for: "down since last night".
      .replace(PAST_TIMES, " ")
      // Quantities are not times: "about 20 miles", "a 12-year-old roof", "$150".
      .replace(
        /(\bin )?\$?\b\d+(?:\.\d+)?(?:[- ]?(?:miles?|km|kilometers?|years?|yrs?|year-old|people|persons?|kids?|children|dollars?|bucks|percent|%|gb|mbps|feet|ft|inches|pounds?|lbs?|sq ?ft)\b)/gi,
        (quantity, within: string | undefined) => (within ? quantity : " "),
      )
      .replace(/\$\d+(?:\.\d+)?/g, " ")
  );
}

/** A call back's time, without what it is about ("this afternoon about the June wedding"). */
function callbackWords(text: string): string {
  const about = text.replace(
    /\b(?:about|regarding|re|concerning) (?:the|my|our|your|a|an|his|her) [^,.;!?]*/gi,
    " ",
  );
  // "At lunch, around 12:30": the clock time said is the time.
  return /\b\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b/i.test(about)
    ? about.replace(/\b(?:at )?lunch(?:time)?\b/gi, " ")
    : about;
}

const SMALL_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  "twenty five": 25,
  thirty: 30,
  forty: 40,
  "forty five": 45,
  fifty: 50,
  sixty: 60,
  "a couple": 2,
  "a couple of": 2,
  "a few": 3,
  half: 0.5,
};

/** "In twenty minutes", "in an hour", "in half an hour": how long from now, in ms; null otherwise. */
function inAWhile(text: string): number | null {
  const normal = text.toLowerCase();
  if (/\bhalf an? hour\b/.test(normal)) return 30 * 60_000;
  const match =
    /\bin (\d+|a couple(?: of)?|a few|an?|one|two|three|four|five|ten|fifteen|twenty(?: five)?|thirty|forty(?: five)?|fifty|sixty) (minutes?|mins?|hours?|hrs?)\b/.exec(
      normal,
    );
  if (!match?.[1] || !match[2]) return null;
  const count = /^\d+$/.test(match[1]) ? Number(match[1]) : (SMALL_NUMBERS[match[1]] ?? 0);
  const unit = match[2].startsWith("h") ? 60 * 60_000 : 60_000;
  const ms = count * unit;
  return ms > 0 && ms <= 12 * 60 * 60_000 ? ms : null;
}

/** Whether the words already say the purpose (most of its longer words are there). */
function saysAlready(words: string, purpose: string | null): boolean {
  if (!purpose) return false;
  const said = new Set(words.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  const wanted = purpose.toLowerCase().match(/[a-z]{4,}/g) ?? [];
  return wanted.length > 0 && wanted.filter((word) => said.has(word)).length / wanted.length >= 0.6;
}

function mentionsAutomation(text: string): boolean {
  return /\b(?:automated|virtual|ai|a\.i\.|digital|artificial)\b[^.]{0,20}\b(?:assistant|agent|receptionist)\b|\bautomated\b/i.test(
    text,
  );
}

/** The receptionist's settings for the inbound screening of the same call. */
function receptionistOf(brief: CallBrief, rules: BookingRules): EngineAccount {
  return {
    ownerName: brief.persona.ownerName,
    cellphoneNumber: brief.screening.cellphoneNumber,
    timeZone: brief.timeZone,
    settings: {
      personality: brief.persona.tone,
      greetingMessage: brief.opening,
      autoBlockSpam: brief.screening.autoBlockSpam,
      allowAppointments: brief.appointments.enabled,
      forwardUrgent: brief.screening.forwardUrgent,
      workingHours: brief.workingHours,
      appointmentDuration: brief.appointments.durationMinutes,
      bufferMinutes: brief.appointments.bufferMinutes,
      notice: rules.notice,
    },
  };
}

/** Every sentence the conversation itself says, in the persona's manner. */
/**
 * What an opening says about why we call, for a message left without a purpose written: its
 * statements other than the greeting and the introduction ("It's been six months since your
 * last cleaning."), never its questions.
 */
function reasonIn(opening: string): string | null {
  const sentences = opening.match(/[^.!?]+[.!?]+|[^.!?]+$/g) ?? [];
  const reasons = sentences
    .map((sentence) => sentence.trim())
    .filter(
      (sentence) =>
        !sentence.endsWith("?") &&
        !/^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b[^.!]{0,30}[.!]$/i.test(sentence) &&
        !/\b(?:this is|my name is|i'?m an? (?:automated|virtual)|calling (?:from|on behalf of|with))\b/i.test(
          sentence,
        ),
    );
  return reasons.length ? reasons.join(" ") : null;
}

function phrasing(brief: CallBrief, callerName: string | null) {
  const { persona } = brief;
  const tone = asPersonality(persona.tone);
  const names = {
    callerName,
    agentName: persona.agentName,
    businessName: persona.businessName,
    ownerName: persona.ownerName,
  };
  const inbound = brief.direction === "inbound";
  const bye = {
    professional: inbound ? "Thank you for calling. Goodbye." : "Thank you for your time. Goodbye.",
    friendly: inbound
      ? "Thanks for calling, have a great day! Bye!"
      : "Thanks so much, have a great day! Bye!",
    casual: inbound ? "Thanks for calling. Take care!" : "Thanks, take care!",
    formal: inbound ? "Thank you for your call. Good day." : "Thank you for your time. Good day.",
  }[tone];
  const closing = brief.closing?.trim() || bye;
  const ack = {
    professional: "Thank you.",
    friendly: "Great!",
    casual: "Got it.",
    formal: "Thank you very much.",
  }[tone];
  return {
    names,
    goodbye: () => closing,
    removed: () =>
      "I'm sorry for the trouble. I've taken your number off our list, and you won't get any more calls from us. Goodbye.",
    wrongNumber: () =>
      "I'm sorry about that, I must have the wrong number. Sorry to have bothered you. Goodbye.",
    voicemail: (purpose: string | null) => {
      const about = callPurposeSentence(purpose) ?? reasonIn(brief.opening);
      const who = persona.agentName
        ? `${persona.agentName} with ${persona.businessName}`
        : persona.businessName;
      return `Hi${callerName ? ` ${callerName.split(/\s+/)[0]}` : ""}, this is ${who}.${about ? ` ${about}` : ""} Please call us back when it suits you. Thank you, goodbye.`;
    },
    automated: () =>
      `I'm an automated assistant${persona.agentName ? ` named ${persona.agentName}` : ""} for ${persona.businessName}, not a person.`,
    carryOn: () =>
      brief.direction === "outbound"
        ? "Is now a good time for a quick question?"
        : "How can I help you today?",
    timeUp: () => `I'm sorry, I have to wrap up our call now. ${closing}`,
    askCallbackTime: () => "Of course. When would be a better time to call you back?",
    passOnLargeParty: () =>
      `I'll pass your request on so they can call you back to arrange it. What's the best name and number to reach you?`,
    /** The person called by name when the words name them ("Pat's not available"). */
    askWhenToReach: (said: string) => {
      const callee = callerName?.split(/\s+/)[0];
      const named =
        callee &&
        said
          .toLowerCase()
          .split(/[^\p{L}']+/u)
          .some((word) => word.replace(/'s$/, "") === callee.toLowerCase());
      return `No problem. When would be a good time to ${named ? `reach ${callee}` : "call back"}?`;
    },
    tryAgainAt: (when: string) => `Thank you. We'll call back on ${when}. ${closing}`,
    callbackSet: (when: string) =>
      inbound
        ? `Of course. I'll make sure ${persona.ownerName} calls you back on ${when}. ${closing}`
        : `No problem. I'll make sure we call you back on ${when}. ${closing}`,
    offerCallback: () =>
      `Would it help if someone from ${persona.businessName} called you back with the details?`,
    offerBooking: () => "Would you like me to set up a time that suits you?",
    checkBack: () =>
      "I understand. Would it be all right if we checked back with you in a few months, in case anything changes?",
    acknowledge: () => ack,
    understand: () => "I understand.",
    whenReady: () => `Of course. Whenever you're ready, just give us a call. ${closing}`,
    letGo: () => `I understand, and I won't take any more of your time. ${closing}`,
    unknown: () =>
      `That's a good question, and I don't have that information in front of me. I can have someone from ${persona.businessName} call you back with the answer. Would that help?`,
    priceUnknown: () =>
      `I don't have the exact price for that in front of me; I can have someone call you back with a quote. Would that help?`,
    anythingElse: () => "Is there anything else I can help with?",
    runningLate: () =>
      `Thanks for letting us know. I'll pass it on to ${persona.ownerName} right away. Is there anything else I should tell them?`,
    unknownInbound: () =>
      `That's a good question, and I don't have that information in front of me. I'll make sure ${persona.ownerName} gets back to you about it. What's the best name and number to reach you?`,
    hours: () => `Our hours are ${describeHours(brief.workingHours)}.`,
  };
}
