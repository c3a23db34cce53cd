import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { WorkingHours } from "../../common/ai-settings";
import type { CallDisposition } from "../../common/calls";
import { isCertain, type TurnAnalysis } from "./analyze";
import type { BookingNotice } from "./booking-rules";
import { asPersonality, describeHours, formatWhen, type Replies, replies } from "./respond";
import {
  conflicts,
  type Interval,
  isOpenAt,
  isWithinWorkingHours,
  nearestFreeSlot,
  requestWindows,
  spansProblem,
} from "./schedule";
import { extractRequestedTime, type RequestedTime } from "./spoken-time";

const SMALL_NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
/** Small numbers as words, as a person says them ("two days"). */
const spelled = (n: number) => SMALL_NUMBERS[n] ?? String(n);

/** Words that name a day, so a time said without them is on the day already talked about. */
const NAMES_A_DAY =
  /\b(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|january|february|march|april|may|june|july|august|september|october|november|december|\d{1,2}(?:st|nd|rd|th)|\d{1,2}\/\d{1,2})\b/i;

import { callClassification, callConfidence, type EngineState } from "./state";
import type { Classification } from "./types";

export type EngineSettings = {
  personality: string;
  greetingMessage: string;
  autoBlockSpam: boolean;
  allowAppointments: boolean;
  forwardUrgent: boolean;
  workingHours: WorkingHours;
  appointmentDuration: number;
  bufferMinutes: number;
  /** How far ahead a booking must be, from the business's rules; none: a quarter of an hour. */
  notice?: BookingNotice | null;
};

export type EngineAccount = {
  /** How the assistant names the person or business it answers for. */
  ownerName: string;
  cellphoneNumber: string | null;
  timeZone: string;
  settings: EngineSettings;
};

export type EngineCall = { phoneNumber: string; callerName: string | null };

/** What the engine needs from the outside world, already bound to the account and call. */
export type EnginePorts = {
  busyIntervals(from: Date, to: Date): Promise<Interval[]>;
  bookAppointment(input: {
    start: Date;
    end: Date;
    title: string;
    description: string;
  }): Promise<{ id: string }>;
  upcomingAppointment(now: Date): Promise<{ id: string; start: Date; end: Date } | null>;
  cancelAppointment(id: string): Promise<void>;
  moveAppointment(id: string, start: Date, end: Date): Promise<void>;
};

export type BookedAppointment = { startTime: string; endTime: string; appointmentId: string };

/**
 * What the app must do because of a turn, beyond what is said: the engine decides, the calls area
 * does it in the turn's transaction (the number on the do-not-call list, a call back scheduled).
 * A booking is made through the ports while the turn runs, since it must check the calendar.
 */
export type TurnEffect = { kind: "do_not_call" } | { kind: "callback"; at: string; said: string };

export type TurnResult = {
  analysis: TurnAnalysis & { appointment: BookedAppointment | null };
  /** What the assistant says back, or null when it stays silent (after a hand-off). */
  reply: string | null;
  /** Transcript lines to append, in order. */
  lines: string[];
  state: EngineState;
  /** The call-level view after this turn. */
  call: {
    classification: Classification | null;
    confidence: number;
    end: "blocked" | "completed" | null;
    forwardTo: string | null;
    /** What the call came to so far. */
    disposition: CallDisposition | null;
  };
  /** What the app must do now (do-not-call, a call back); empty for most turns. */
  effects: TurnEffect[];
  /** The reply answers the caller's question from what the business wrote (its knowledge). */
  answeredQuestion?: boolean;
  /** Safety advice said first this turn (an emergency): kept whatever else the reply becomes. */
  safetyAdvice?: string | undefined;
};

const AFFIRMATIVE =
  /^(yes|yeah|yep|yup|sure|ok(ay)?|perfect|great|that works|works for me|sounds good|that('?s| is) (fine|good|great|perfect)|please do|let'?s do (it|that)|book it|go ahead)\b/;
const NEGATIVE = /^(no|nope|nah|not really|that doesn'?t work|i can'?t( do that)?|doesn'?t work)\b/;
const GOODBYE =
  /^(ok(ay)?[,.]? )?((no,? )?(thanks?|thank you)( so much)?[,.!]* )?(bye|goodbye|good bye|that'?s (all|it|everything)|nothing else|no,? that'?s (all|it)|have a (good|nice|great) (day|one|night)|talk to you later|that will be all)\b/;
const NO_THANKS = /^(no,? thanks?|no thank you|nope,? that'?s it|no,? i'?m (good|fine|all set))\b/;
const AVAILABILITY =
  /\b(next (available|opening|slot)|earliest|soonest|first available|what times|when (are you|is) (free|available|open)|any (openings|availability|slots?))\b/;
const EMERGENCY_INTENTS = new Set(["emergency", "injury or health emergency", "property emergency"]);
const MINUTE = 60_000;

/**
 * One call's conversation: the greeting, then each caller turn through understand (classify
 * and extract), decide (by the account's settings), respond and act. No HTTP and no SQL here:
 * what the engine needs from outside comes through `ports`, and the caller's facts and the
 * state are handed in, so any server can take any turn.
 */
export class CallSession {
  private readonly say: Replies;

  constructor(
    private readonly account: EngineAccount,
    private readonly call: EngineCall,
    /** Understands one caller utterance: the local AI, or a language model with the local AI as fallback. */
    private readonly understand: (text: string) => Promise<TurnAnalysis>,
    private readonly ports: EnginePorts,
    private state: EngineState,
  ) {
    this.say = replies({
      personality: asPersonality(account.settings.personality),
      owner: account.ownerName,
    });
  }

  greeting(): string[] {
    return [`AI: ${this.account.settings.greetingMessage}`];
  }

  async hear(text: string, now: Date): Promise<TurnResult> {
    const lines = [`Caller: ${text}`];
    const s = this.state;
    s.turns += 1;
    const analysis = await this.understand(text);
    const normal = text.trim().toLowerCase();

    if (s.stage === "handed_off") {
      // The user has the call now; the assistant only keeps the transcript.
      return this.result(analysis, null, lines, null, null);
    }

    const requested = this.requestIn(text, now);
    const inAppointmentFlow = s.stage === "awaiting_time" || s.stage === "offered_slot";
    let classification = analysis.classification;

    if (inAppointmentFlow && analysis.classification !== "spam") {
      const answer = this.answerToOffer(analysis, lines, text, requested, now);
      if (answer) return answer;
      if (requested) {
        this.contextual(analysis, "answers the assistant's question about a time");
        classification = "appointment";
      }
    } else if (!analysis.informative && s.stage !== "screening") {
      this.inherit(analysis);
      if (GOODBYE.test(normal) || NO_THANKS.test(normal)) return this.goodbye(analysis, lines);
      return this.respond(analysis, lines, this.say.noted());
    } else if (GOODBYE.test(normal) && s.stage !== "screening" && !requested) {
      this.inherit(analysis);
      return this.goodbye(analysis, lines);
    }

    if (!analysis.informative && s.stage === "screening") {
      return this.respond(analysis, lines, "How can I help you today?");
    }

    // While taking a message, more details ("my number is...") belong to the message unless the
    // caller clearly turns to something new ("also, can I book Tuesday at 3?").
    const callLabel = callClassification(s);
    // Ending a genuine call as spam needs more certainty than moving to another topic.
    const turnsAway = analysis.confidence >= (classification === "spam" ? 0.75 : 0.5);
    if (s.stage === "message" && callLabel && classification !== callLabel && !turnsAway) {
      this.inherit(analysis);
      this.learn(analysis, callLabel);
      s.message.push(text);
      return this.respond(analysis, lines, this.say.noted());
    }

    this.learn(analysis, classification);
    switch (classification) {
      case "spam":
        return this.handleSpam(analysis, lines, text);
      case "appointment":
        return this.handleAppointment(analysis, lines, text, requested, now);
      case "important":
        return this.handleImportant(analysis, lines, text);
      default:
        return this.handleMessage(analysis, lines, text, classification, now);
    }
  }

  /**
   * A turn about booking, whoever called whom: an offered time accepted or declined, a day and
   * time asked for, the nearest free slot offered, the appointment booked. The conversation
   * (conversation.ts) sends here the turns it reads as booking; `analysis` is the turn's reading.
   */
  async bookingTurn(text: string, now: Date, analysis: TurnAnalysis): Promise<TurnResult> {
    const lines = [`Caller: ${text}`];
    const s = this.state;
    s.turns += 1;
    const normal = text.trim().toLowerCase();
    const requested = this.requestIn(text, now);
    const answer = this.answerToOffer(analysis, lines, text, requested, now);
    if (answer) return answer;
    if (s.booked && /\bconfirm/.test(normal)) analysis.intent = "confirm an appointment";
    if (analysis.classification !== "appointment") {
      analysis.classification = "appointment";
      analysis.signals = [...analysis.signals, "caller asks to book"];
      if (!analysis.intent.includes("appointment")) analysis.intent = "appointment request";
    }
    this.learn(analysis, "appointment");
    return this.handleAppointment(analysis, lines, text, requested, now);
  }

  /** The day and time the words ask for; "how about 1 pm then?" after an offer keeps its day. */
  private requestIn(text: string, now: Date): RequestedTime | null {
    const read = (words: string) =>
      extractRequestedTime(
        words,
        now,
        this.account.timeZone,
        this.account.settings.workingHours,
        this.account.settings.appointmentDuration,
      );
    const requested = read(text);
    const offered = this.state.offeredSlot;
    if (!offered || !requested?.hasTime || NAMES_A_DAY.test(requested.text)) return requested;
    const day = new TZDate(new Date(offered.start).getTime(), this.account.timeZone);
    const onThatDay = read(`on ${format(day, "MMMM d")} ${requested.text.replace(/^(?:at|on)\s+/i, "at ")}`);
    return onThatDay?.hasTime ? onThatDay : requested;
  }

  /**
   * The caller's answer to a time the assistant offered: "yes" books it, "Thursday morning then"
   * (when Thursday at 8 was offered) books it, "no" asks for another time; null for the rest.
   */
  private answerToOffer(
    analysis: TurnAnalysis,
    lines: string[],
    text: string,
    requested: RequestedTime | null,
    now: Date,
  ): Promise<TurnResult> | TurnResult | null {
    const s = this.state;
    if (s.stage !== "offered_slot" || !s.offeredSlot) return null;
    const normal = text.trim().toLowerCase();
    const slot = { start: new Date(s.offeredSlot.start), end: new Date(s.offeredSlot.end) };
    if (AFFIRMATIVE.test(normal) && !requested) {
      this.contextual(analysis, "accepts the offered time");
      return this.book(analysis, lines, slot, text, now);
    }
    if (NEGATIVE.test(normal)) {
      if (requested) return null;
      this.contextual(analysis, "declines the offered time");
      s.stage = "awaiting_time";
      s.offeredSlot = null;
      return this.respond(analysis, lines, this.say.askAnotherTime());
    }
    const takesIt =
      requested &&
      !requested.hasTime &&
      requestWindows(requested).some(
        (window) =>
          slot.start.getTime() >= window.start.getTime() && slot.start.getTime() < window.end.getTime(),
      );
    if (!takesIt) return null;
    this.contextual(analysis, "takes the offered time");
    return this.book(analysis, lines, slot, text, now);
  }

  // --- decisions -------------------------------------------------------------------------

  private handleSpam(analysis: TurnAnalysis, lines: string[], text: string): TurnResult {
    const s = this.state;
    // A caller the engine is unsure of is asked, as a person would ask, never blocked on a guess:
    // the call is blocked when one utterance is sure, or when a second one points the same way.
    const sure = isCertain(analysis) || s.spamDoubted;
    if (this.account.settings.autoBlockSpam && !sure) {
      s.spamDoubted = true;
      s.actionTaken = "Unsure whether the call is wanted: asked the caller who they are";
      return this.respond(analysis, lines, this.say.whoAndWhy());
    }
    if (this.account.settings.autoBlockSpam) {
      // The reasons for spam, as a person reads them: "press a key", not "press a key" (spam).
      const why = analysis.signals
        .filter((signal) => !signal.includes("(against "))
        .slice(0, 3)
        .map((signal) => signal.replace(/ \(spam\)$/, ""))
        .join(", ");
      s.decidedClass = "spam";
      s.stage = "ended";
      s.actionTaken = `Blocked as ${analysis.intent}${why ? ` (${why})` : ""}`;
      const reply = this.say.blocked();
      return this.result(
        analysis,
        reply,
        [...lines, `AI: ${reply}`, `System: ${s.actionTaken}`],
        "blocked",
        null,
      );
    }
    s.stage = "message";
    s.message.push(text);
    s.actionTaken = "Flagged as likely spam; not blocked because auto-block is off";
    return this.respond(analysis, lines, this.say.spamNotBlocked());
  }

  private async handleAppointment(
    analysis: TurnAnalysis,
    lines: string[],
    text: string,
    requested: RequestedTime | null,
    now: Date,
  ): Promise<TurnResult> {
    const s = this.state;
    s.appointmentPending = true;
    if (!this.account.settings.allowAppointments) {
      s.stage = "message";
      s.message.push(text);
      s.actionTaken = "Appointment requested; booking is turned off, so a message was taken";
      return this.respond(analysis, lines, this.say.appointmentsOff());
    }

    if (analysis.intent === "confirm an appointment" && s.booked) {
      // The appointment this call just booked: confirmed from what was said, not looked up.
      const when = formatWhen(new Date(s.booked.start), this.account.timeZone);
      s.appointmentPending = false;
      s.stage = "message";
      s.actionTaken = `Confirmed the appointment on ${when}`;
      return this.respond(analysis, lines, this.say.confirmed(when));
    }
    if (analysis.intent === "cancel an appointment" || analysis.intent === "confirm an appointment") {
      const existing = await this.ports.upcomingAppointment(now);
      if (!existing && analysis.intent === "cancel an appointment") {
        // Nothing to cancel under this number: the cancellation goes to the office as a message.
        s.stage = "message";
        s.message.push(text);
        s.appointmentPending = false;
        s.actionTaken = "Cancellation passed on: no appointment found under the caller's number";
        return this.respond(analysis, lines, this.say.cancellationPassedOn());
      }
      if (!existing) {
        s.stage = "awaiting_time";
        return this.respond(analysis, lines, this.say.noAppointmentFound());
      }
      const when = formatWhen(existing.start, this.account.timeZone);
      s.appointmentPending = false;
      s.decidedClass = "appointment";
      s.stage = "message";
      if (analysis.intent === "cancel an appointment") {
        await this.ports.cancelAppointment(existing.id);
        s.actionTaken = `Cancelled the appointment on ${when} at the caller's request`;
        return this.respond(analysis, lines, this.say.cancelled(when), [`System: ${s.actionTaken}`]);
      }
      s.actionTaken = `Confirmed the appointment on ${when}`;
      return this.respond(analysis, lines, this.say.confirmed(when));
    }

    if (!requested && !AVAILABILITY.test(text.toLowerCase())) {
      s.stage = "awaiting_time";
      s.actionTaken = "Asked the caller for a day and time";
      return this.respond(analysis, lines, this.say.askTime());
    }
    if (!requested) {
      // "What's your next opening?": offer the first free slot from now.
      requested = { start: now, hasTime: false, text: "now", until: null, alternatives: [] };
    }

    const minutes = this.account.settings.appointmentDuration;
    const slot = { start: requested.start, end: new Date(requested.start.getTime() + minutes * MINUTE) };
    const problem = requested.hasTime ? await this.slotProblem(slot, now) : this.spanProblem(requested, now);
    if (!problem) return this.book(analysis, lines, slot, text, now);

    const busy = await this.ports.busyIntervals(
      new Date(requested.start.getTime() - 15 * 24 * 60 * MINUTE),
      new Date(requested.start.getTime() + 15 * 24 * 60 * MINUTE),
    );
    const nearest = nearestFreeSlot({
      desired: requested.start,
      durationMinutes: minutes,
      bufferMinutes: this.account.settings.bufferMinutes,
      busy,
      timeZone: this.account.timeZone,
      hours: this.account.settings.workingHours,
      // Offers start at the business's notice when it names one.
      now: this.account.settings.notice ? this.earliestBooking(now) : now,
      ...(this.account.settings.notice ? { leadMinutes: 0 } : {}),
      within: requestWindows(requested),
    });
    if (!nearest) {
      s.stage = "message";
      s.message.push(text);
      s.actionTaken = "Appointment requested; no free time in the next two weeks, message taken";
      return this.respond(analysis, lines, this.say.noSlot());
    }
    s.stage = "offered_slot";
    s.offeredSlot = { start: nearest.start.toISOString(), end: nearest.end.toISOString() };
    const offered = formatWhen(nearest.start, this.account.timeZone);
    s.actionTaken = `Offered ${offered}`;
    // A span is repeated in the caller's words ("this evening"), a time as a date and time.
    const asked = requested.hasTime ? formatWhen(requested.start, this.account.timeZone) : requested.text;
    const reply =
      problem === "needs a time"
        ? `The first opening${requested.text === "now" ? "" : ` for ${requested.text}`} is ${offered}. Would that work for you?`
        : this.say.offerSlot(asked, problem, offered);
    return this.respond(analysis, lines, reply);
  }

  private handleImportant(analysis: TurnAnalysis, lines: string[], text: string): TurnResult {
    const s = this.state;
    const emergency = EMERGENCY_INTENTS.has(analysis.intent);
    s.urgent = true;
    s.message.push(text);
    if (this.account.settings.forwardUrgent && this.account.cellphoneNumber) {
      s.decidedClass = "important";
      s.stage = "handed_off";
      s.actionTaken = `Forwarded as urgent to ${this.account.cellphoneNumber}`;
      const reply = this.say.forwarding(emergency);
      return this.result(
        analysis,
        reply,
        [...lines, `AI: ${reply}`, `System: ${s.actionTaken}`],
        null,
        this.account.cellphoneNumber,
      );
    }
    s.stage = "message";
    s.actionTaken = this.account.settings.forwardUrgent
      ? "Urgent message taken (add your cellphone number in Settings to have urgent calls forwarded)"
      : "Urgent message taken";
    return this.respond(analysis, lines, this.say.urgentMessage(emergency));
  }

  private handleMessage(
    analysis: TurnAnalysis,
    lines: string[],
    text: string,
    classification: Classification,
    now: Date,
  ): TurnResult {
    const s = this.state;
    const first = s.stage !== "message";
    s.message.push(text);
    s.stage = "message";
    if (!first) return this.respond(analysis, lines, this.say.noted());
    if (!isOpenAt(now, this.account.timeZone, this.account.settings.workingHours)) {
      s.actionTaken = "Message taken (outside working hours)";
      return this.respond(
        analysis,
        lines,
        this.say.closed(describeHours(this.account.settings.workingHours)),
      );
    }
    const byClass = {
      sales: ["Sales inquiry noted for follow-up", this.say.sales()],
      support: ["Support request noted for follow-up", this.say.support()],
    } as Record<string, [string, string]>;
    const [action, reply] = byClass[classification] ?? ["Message taken", this.say.legitimate()];
    s.actionTaken = action;
    return this.respond(analysis, lines, reply);
  }

  // --- acts ------------------------------------------------------------------------------

  private async book(analysis: TurnAnalysis, lines: string[], slot: Interval, text: string, now: Date) {
    const s = this.state;
    const problem = await this.slotProblem(slot, now);
    if (problem) {
      // Taken while the caller thought about it: look again.
      s.stage = "awaiting_time";
      s.offeredSlot = null;
      return this.respond(analysis, lines, `${this.say.askAnotherTime()}`);
    }
    const who = this.call.callerName || this.call.phoneNumber;
    const appointment = await this.ports.bookAppointment({
      start: slot.start,
      end: slot.end,
      title: `Appointment with ${who}`,
      description: `Booked by your AI assistant during a call from ${who}. Caller said: "${text}"`,
    });
    const when = formatWhen(slot.start, this.account.timeZone);
    s.appointmentId = appointment.id;
    s.booked = { start: slot.start.toISOString(), end: slot.end.toISOString(), id: appointment.id };
    s.disposition = "booked";
    s.appointmentPending = false;
    s.offeredSlot = null;
    s.decidedClass = "appointment";
    s.stage = "message";
    s.actionTaken = `Appointment booked for ${when}`;
    const reply = this.say.booked(when, this.account.settings.appointmentDuration);
    const booked: BookedAppointment = {
      startTime: slot.start.toISOString(),
      endTime: slot.end.toISOString(),
      appointmentId: appointment.id,
    };
    return this.result(
      analysis,
      reply,
      [...lines, `AI: ${reply}`, `System: ${s.actionTaken}`],
      null,
      null,
      booked,
    );
  }

  /** Why a slot cannot be booked, as the end of "I'm sorry, <time> ...", or null when it can. */
  /** The first moment a booking may start: the business's notice, else a quarter of an hour. */
  private earliestBooking(now: Date): Date {
    const notice = this.account.settings.notice;
    if (!notice) return new Date(now.getTime() + 15 * MINUTE);
    if (notice.unit === "minutes") return new Date(now.getTime() + Math.max(15, notice.amount) * MINUTE);
    const today = new TZDate(now.getTime(), this.account.timeZone);
    return new Date(
      new TZDate(
        today.getFullYear(),
        today.getMonth(),
        today.getDate() + notice.amount,
        this.account.timeZone,
      ).getTime(),
    );
  }

  /** Why a time before the notice cannot be booked, in the business's terms. */
  private tooSoon(): string {
    const notice = this.account.settings.notice;
    if (!notice) return "is too soon";
    if (notice.unit === "days")
      return `is too soon; the earliest we can book is ${notice.amount === 1 ? "tomorrow" : `${spelled(notice.amount)} days from today`}`;
    const hours = notice.amount / 60;
    const ahead = Number.isInteger(hours)
      ? hours === 1
        ? "an hour's"
        : `${spelled(hours)} hours'`
      : `${notice.amount} minutes'`;
    return `is too soon; we need at least ${ahead} notice`;
  }

  private async slotProblem(slot: Interval, now: Date): Promise<string | null> {
    if (slot.start.getTime() <= now.getTime()) return "has already passed";
    if (slot.start.getTime() < this.earliestBooking(now).getTime()) return this.tooSoon();
    if (!isWithinWorkingHours(slot, this.account.timeZone, this.account.settings.workingHours)) {
      return `is outside our working hours (${describeHours(this.account.settings.workingHours)})`;
    }
    const busy = await this.ports.busyIntervals(
      new Date(slot.start.getTime() - 86_400_000),
      new Date(slot.end.getTime() + 86_400_000),
    );
    if (conflicts(slot, busy, this.account.settings.bufferMinutes)) return "is already taken";
    return null;
  }

  /** For a request with no time ("this afternoon", "Thursday"): why it cannot be served, or "needs a time". */
  private spanProblem(requested: RequestedTime, now: Date): string {
    const { timeZone, settings } = this.account;
    const windows = requestWindows(requested);
    const problem = spansProblem(windows, now, timeZone, settings.workingHours);
    if (problem === "passed") return "has already passed";
    if (spansProblem(windows, this.earliestBooking(now), timeZone, settings.workingHours) === "passed")
      return this.tooSoon();
    if (problem === "closed") return `is outside our working hours (${describeHours(settings.workingHours)})`;
    return "needs a time";
  }

  private goodbye(analysis: TurnAnalysis, lines: string[]): TurnResult {
    this.state.stage = "ended";
    const reply = this.say.goodbye();
    return this.result(analysis, reply, [...lines, `AI: ${reply}`], "completed", null);
  }

  // --- bookkeeping -----------------------------------------------------------------------

  /** Folds an informative turn into the call-level picture. */
  private learn(analysis: TurnAnalysis, classification: Classification): void {
    const s = this.state;
    if (analysis.informative) {
      for (const [label, score] of Object.entries(analysis.scores) as [Classification, number][])
        s.evidence[label] += score;
      if (classification !== analysis.classification) s.evidence[classification] += 1;
    }
    s.intent =
      classification === analysis.classification ? analysis.intent : (s.intent ?? "appointment request");
    s.importance = Math.max(s.importance, analysis.importance);
    s.sentiments.push(analysis.sentiment);
  }

  /** A turn understood through the conversation so far rather than on its own. */
  private contextual(analysis: TurnAnalysis, signal: string): void {
    analysis.classification = "appointment";
    analysis.intent = "appointment request";
    analysis.confidence = Math.round((1 - (1 - analysis.scores.appointment) * 0.25) * 1000) / 1000;
    analysis.signals = [...analysis.signals, `caller ${signal}`];
    this.state.sentiments.push(analysis.sentiment);
  }

  /** A bare reply ("yes", "thanks") takes the call's classification. */
  private inherit(analysis: TurnAnalysis): void {
    const label = callClassification(this.state);
    if (!label) return;
    analysis.classification = label;
    analysis.confidence = callConfidence(this.state);
    analysis.signals = [...analysis.signals, "short reply: classified by the call so far"];
  }

  private respond(analysis: TurnAnalysis, lines: string[], reply: string, extra: string[] = []): TurnResult {
    return this.result(analysis, reply, [...lines, `AI: ${reply}`, ...extra], null, null);
  }

  private result(
    analysis: TurnAnalysis,
    reply: string | null,
    lines: string[],
    end: "blocked" | "completed" | null,
    forwardTo: string | null,
    appointment: BookedAppointment | null = null,
  ): TurnResult {
    return {
      analysis: { ...analysis, appointment },
      reply,
      lines,
      state: this.state,
      call: {
        classification: callClassification(this.state) ?? analysis.classification,
        confidence: callConfidence(this.state),
        end,
        forwardTo,
        disposition: this.state.disposition,
      },
      effects: [],
    };
  }
}
