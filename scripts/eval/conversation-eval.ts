import { performance } from "node:perf_hooks";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { AGENT_DEFAULTS } from "../../common/agents";
import { DEFAULT_AI_SETTINGS } from "../../common/ai-settings";
import type { CallDisposition } from "../../common/calls";
import type { Account } from "../../server/domain/account";
import {
  analyzeUtterance,
  type CallerFacts,
  Conversation,
  defaultClassifier,
  type EnginePorts,
  type EngineState,
  initialState,
  inspectNumber,
} from "../../server/engine";
import type { Interval } from "../../server/engine/schedule";
import { type AssistantView, assistantView } from "../../server/features/agents/call-assistant";
import { prepareRouting } from "../../server/features/agents/routing";
import type { AgentRow } from "../../server/features/agents/service";
import type { AiSettingsRow } from "../../server/features/ai-settings/service";
import type { ScriptForCall } from "../../server/features/scripts/service";
import { findTemplate } from "../../server/features/scripts/templates";
import type {
  Business,
  Conversation as ConversationCase,
  Phrase,
  TimeExpectation,
} from "./conversations/types";
import { NOW_LOCAL, ZONE } from "./conversations/types";

/**
 * Runs the evaluation's conversations through the app's own call path, as a call's turn runs
 * (calls/commands/take-turn.ts): each turn is planned by the agents area (the agent, the script
 * for the call's direction, the brief built by `callBrief`), heard by the one conversation
 * engine over the call's state, then composed by the agents area (transfer keywords and
 * conditions, the persona's manner). Only the outside world is fake: the workspace rows are
 * built in memory, the calendar is an in-memory list, the caller is understood by the local AI
 * (no language model), and every turn happens at the same fixed moment.
 *
 * Then every expectation is checked: the disposition, the effects (appointment, call back,
 * do-not-call), the transfer, whether the call ended, each reply's phrases, and a few things no
 * reply may ever do (name a price the business never gave, leave a {placeholder}, stay silent,
 * say the same thing over and over).
 */

export const NOW = localTime(NOW_LOCAL);
const OWNER_CELL = "+15551239876";
const CALLER_NUMBER = "+12125550147";

/** "YYYY-MM-DD HH:mm" in ZONE as an instant. */
export function localTime(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`Not a local time: ${text}`);
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  return new Date(new TZDate(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, ZONE).getTime());
}

/** An instant as "YYYY-MM-DD HH:mm" in ZONE. */
export function localText(at: Date | string): string {
  return format(new TZDate(new Date(at).getTime(), ZONE), "yyyy-MM-dd HH:mm");
}

// --- the workspace, built in memory ----------------------------------------------------------

type Workspace = {
  account: Account;
  settings: AiSettingsRow;
  script: ScriptForCall | null;
  agent: AgentRow | null;
  view: AssistantView;
};

function scriptOf(business: Business): ScriptForCall | null {
  const template = business.template ? findTemplate(business.template) : undefined;
  if (business.template && !template) throw new Error(`No such template: ${business.template}`);
  if (!template && !business.script) return null;
  const base = template?.templateData;
  const own = business.script ?? {};
  return {
    id: "eval-script",
    name: template?.name ?? `${business.name} script`,
    scriptType: own.scriptType ?? base?.scriptType ?? "inbound",
    openingMessage: own.openingMessage ?? base?.openingMessage ?? "",
    conversationFlow: own.conversationFlow ?? base?.conversationFlow ?? [],
    businessRules: own.businessRules ?? base?.businessRules ?? [],
    transferRules: {
      keywords: [],
      minutes: null,
      conditions: [],
      transferNumber: null,
      ...base?.transferRules,
      ...own.transferRules,
    },
    appointmentSettings: {
      enabled: true,
      durationMinutes: 30,
      bufferMinutes: 0,
      ...base?.appointmentSettings,
      ...own.appointmentSettings,
    },
    voiceSettings: own.voiceSettings ?? base?.voiceSettings ?? { voice: "alloy", speed: 1, pitch: "medium" },
    personalityTraits: own.personalityTraits ??
      base?.personalityTraits ?? { tone: "professional", empathy: 5, formality: 5 },
  };
}

function agentOf(business: Business): AgentRow | null {
  const fields = business.agent;
  if (!fields) return null;
  const created = new Date("2026-01-05T12:00:00Z");
  return {
    id: "00000000-0000-4000-8000-000000000101",
    workspaceId: "eval-workspace",
    name: fields.name,
    extension: "101",
    purpose: fields.purpose ?? null,
    personality: fields.personality ?? null,
    knowledgeBase: fields.knowledgeBase ?? null,
    rebuttalPlaybook: fields.rebuttalPlaybook ?? [],
    closingStyle: fields.closingStyle ?? null,
    status: "active",
    specialization: fields.specialization,
    voice: fields.voice ?? AGENT_DEFAULTS.voice,
    responseSpeed: AGENT_DEFAULTS.responseSpeed,
    empathyLevel: fields.empathyLevel ?? AGENT_DEFAULTS.empathyLevel,
    assertivenessLevel: fields.assertivenessLevel ?? AGENT_DEFAULTS.assertivenessLevel,
    maxCallDuration: fields.maxCallDuration ?? AGENT_DEFAULTS.maxCallDuration,
    transferThreshold: fields.transferThreshold ?? AGENT_DEFAULTS.transferThreshold,
    voiceSettings: { ...AGENT_DEFAULTS.voiceSettings },
    aiSettings: { ...AGENT_DEFAULTS.aiSettings },
    languages: ["English"],
    primaryLanguage: "English",
    script: fields.script ?? null,
    keywords: fields.keywords ?? [],
    objectionHandling: fields.objectionHandling ?? null,
    salesTechniques: null,
    conversationStyle: null,
    createdAt: created,
    updatedAt: created,
  };
}

function workspaceOf(business: Business): Workspace {
  const created = new Date("2026-01-05T12:00:00Z");
  const account: Account = {
    id: "eval-workspace",
    name: business.name,
    planType: "business",
    timezone: ZONE,
    defaultCountry: "US",
    companyName: business.name,
    industry: null,
    businessDescription: business.description ?? null,
    createdAt: created,
    role: "owner",
    actor: null,
    owner: {
      username: "owner",
      fullName: business.ownerName ?? null,
      cellphoneNumber: business.ownerCell === undefined ? OWNER_CELL : business.ownerCell,
    },
  };
  const own = business.settings ?? {};
  const settings: AiSettingsRow = {
    workspaceId: account.id,
    personality: own.personality ?? DEFAULT_AI_SETTINGS.personality,
    greetingMessage: own.greetingMessage ?? DEFAULT_AI_SETTINGS.greetingMessage,
    autoBlockSpam: own.autoBlockSpam ?? DEFAULT_AI_SETTINGS.autoBlockSpam,
    allowAppointments: own.allowAppointments ?? DEFAULT_AI_SETTINGS.allowAppointments,
    forwardUrgent: own.forwardUrgent ?? DEFAULT_AI_SETTINGS.forwardUrgent,
    workingHours: own.workingHours ?? { ...DEFAULT_AI_SETTINGS.workingHours },
    appointmentDuration: own.appointmentDuration ?? DEFAULT_AI_SETTINGS.appointmentDuration,
    bufferMinutes: own.bufferMinutes ?? 0,
    calendarToken: null,
    callPurpose: own.callPurpose ?? null,
    aiPersonality: null,
    businessHours: own.businessHours ?? null,
    customInstructions: null,
    aiDisclosure: own.aiDisclosure ?? "outbound",
    updatedAt: created,
  };
  const script = scriptOf(business);
  const agent = agentOf(business);
  const agents = agent ? [agent] : [];
  const view = assistantView({
    scripts: { inbound: script, outbound: script },
    snapshot: {
      prepared: prepareRouting({ agents, rules: [], flows: [] }),
      agents: new Map(agents.map((row) => [row.id, row])),
      active: agents,
    },
  });
  return { account, settings, script, agent, view };
}

/** The calendar: what the case says is taken, plus what the call books. */
function calendar(busy: [string, number][] = []) {
  const taken: Interval[] = busy.map(([start, minutes]) => {
    const from = localTime(start);
    return { start: from, end: new Date(from.getTime() + minutes * 60_000) };
  });
  const booked: Interval[] = [];
  const ports: EnginePorts = {
    busyIntervals: async (from, to) => [...taken, ...booked].filter((b) => b.start < to && b.end > from),
    async bookAppointment(input) {
      booked.push({ start: input.start, end: input.end });
      return { id: `eval-appointment-${booked.length}` };
    },
    upcomingAppointment: async () => null,
    cancelAppointment: async () => {},
    moveAppointment: async () => {},
  };
  return { ports, booked };
}

// --- one conversation ----------------------------------------------------------------------

export type TurnRecord = {
  say: string;
  reply: string | null;
  ms: number;
  ended: boolean;
  transferredTo: string | null;
};

export type Outcome = {
  disposition: CallDisposition | null;
  ended: boolean;
  transferred: boolean;
  appointments: string[];
  callbacks: string[];
  doNotCall: boolean;
};

export type Failure = { check: CheckName; detail: string };

export type ConversationResult = {
  id: string;
  direction: "inbound" | "outbound";
  expected: ConversationCase["expect"];
  opening: string;
  turns: TurnRecord[];
  /** Caller turns never said because the call had ended or been handed over. */
  unsaid: string[];
  outcome: Outcome;
  failures: Failure[];
  passed: boolean;
  note?: string | undefined;
};

export const CHECKS = [
  "disposition",
  "ended",
  "transferred",
  "appointment",
  "callback",
  "do-not-call",
  "reply must say",
  "reply must not say",
  "reply starts with",
  "opening",
  "cut short",
  "price not in knowledge",
  "placeholder left",
  "silent",
  "repeats itself",
] as const;
export type CheckName = (typeof CHECKS)[number];

let understand: ((text: string, facts: CallerFacts) => ReturnType<typeof analyzeUtterance>) | null = null;

/** The local AI, trained once (its training is not a turn's time). */
function localAi() {
  if (!understand) {
    const classifier = defaultClassifier();
    understand = (text, facts) => analyzeUtterance(text, classifier, facts);
  }
  return understand;
}

export async function runConversation(c: ConversationCase): Promise<ConversationResult> {
  const hearText = localAi();
  const { account, settings, agent, view } = workspaceOf(c.business);
  const { ports, booked } = calendar(c.busy);
  const callerName = c.callerName ?? null;
  const facts: CallerFacts = {
    ...inspectNumber(CALLER_NUMBER, account.owner.cellphoneNumber),
    // The people a business calls are its contacts; an inbound caller is someone new.
    inContacts: c.direction === "outbound",
    contactName: c.direction === "outbound" ? callerName : null,
    blocked: false,
  };
  const startedAt = NOW;
  let state: EngineState = initialState();
  const placedAgentId = agent?.id ?? null;
  let previousAgentId: string | null = null;
  const history: string[] = [];

  const conversationFor = (text: string | undefined, analysis: ReturnType<typeof hearText> | null) => {
    const plan = view.plan(account, settings, {
      direction: c.direction,
      text,
      analysis: analysis ?? undefined,
      placedAgentId,
      previousAgentId,
      purpose: c.purpose ?? null,
    });
    const conversation = new Conversation(
      plan.brief,
      { phoneNumber: facts.number, callerName, startedAt, history: [...history] },
      async () => {
        if (!analysis) throw new Error("no turn before the opening");
        return analysis;
      },
      ports,
      state,
    );
    return { plan, conversation };
  };

  const opening = conversationFor(undefined, null).conversation.opening();
  history.push(`AI: ${opening}`);
  // What the business gave the assistant to say: any price in a reply must come from here.
  const { brief } = conversationFor(undefined, null).plan;
  const knownText = [
    ...brief.facts.map((fact) => fact.text),
    ...brief.rebuttals,
    ...brief.flowSteps,
    opening,
    c.purpose ?? "",
  ].join(" ");

  const turns: TurnRecord[] = [];
  const effects: { callbacks: string[]; doNotCall: boolean } = { callbacks: [], doNotCall: false };
  const appointments: string[] = [];
  let disposition: CallDisposition | null = null;
  let ended = false;
  let transferred = false;
  let index = 0;
  for (; index < c.turns.length && !ended && !transferred; index++) {
    const text = c.turns[index]?.say ?? "";
    const started = performance.now();
    const analysis = hearText(text, facts);
    const stageBefore = state.stage;
    const { plan, conversation } = conversationFor(text, analysis);
    const heard = await conversation.hear(text, NOW);
    const answered = view.compose(account, heard, plan, {
      callId: "eval-call",
      text,
      direction: c.direction,
      startedAt,
      at: NOW,
      stageBefore,
      callerName,
    });
    const ms = performance.now() - started;
    const turn = answered.turn;
    state = turn.state;
    previousAgentId = answered.agentId;
    history.push(`Caller: ${text}`, ...(turn.reply ? [`AI: ${turn.reply}`] : []));
    for (const effect of turn.effects) {
      if (effect.kind === "do_not_call") effects.doNotCall = true;
      else effects.callbacks.push(localText(effect.at));
    }
    if (turn.analysis.appointment) appointments.push(localText(turn.analysis.appointment.startTime));
    disposition = turn.call.disposition;
    ended = turn.call.end !== null;
    transferred = transferred || turn.call.forwardTo !== null;
    turns.push({ say: text, reply: turn.reply, ms, ended, transferredTo: turn.call.forwardTo });
  }
  // Bookings made through the calendar port count even when a reply did not report them.
  const bookedLocal = booked.map((interval) => localText(interval.start));
  for (const time of bookedLocal) if (!appointments.includes(time)) appointments.push(time);

  const outcome: Outcome = {
    disposition,
    ended,
    transferred,
    appointments,
    callbacks: effects.callbacks,
    doNotCall: effects.doNotCall,
  };
  const unsaid = c.turns.slice(index).map((turn) => turn.say);
  const failures = check(c, opening, turns, unsaid, outcome, knownText);
  return {
    id: c.id,
    direction: c.direction,
    expected: c.expect,
    opening,
    turns,
    unsaid,
    outcome,
    failures,
    passed: failures.length === 0,
    note: c.note,
  };
}

// --- checks ----------------------------------------------------------------------------------

const says = (reply: string, phrase: Phrase) =>
  typeof phrase === "string" ? reply.toLowerCase().includes(phrase.toLowerCase()) : phrase.test(reply);

const shownPhrase = (phrase: Phrase) => (typeof phrase === "string" ? `"${phrase}"` : String(phrase));

export function describeTime(expected: TimeExpectation): string {
  if (expected.through) return `any time from ${expected.date} to ${expected.through}`;
  if (!expected.from) return `any time on ${expected.date}`;
  if (!expected.to || expected.to === expected.from) return `${expected.date} ${expected.from}`;
  return `${expected.date} ${expected.from}..${expected.to}`;
}

function fits(actual: string, expected: TimeExpectation): boolean {
  const [date = "", time] = actual.split(" ");
  if (expected.through) return date >= expected.date && date <= expected.through;
  if (date !== expected.date) return false;
  if (!expected.from || !time) return true;
  return time >= expected.from && time <= (expected.to ?? expected.from);
}

function checkTimes(
  name: "appointment" | "callback",
  actual: string[],
  expected: TimeExpectation | null | undefined,
): Failure | null {
  if (!expected) {
    return actual.length ? { check: name, detail: `none expected, got ${actual.join(", ")}` } : null;
  }
  if (actual.length !== 1 || !fits(actual[0] ?? "", expected))
    return {
      check: name,
      detail: `expected ${describeTime(expected)}, got ${actual.length ? actual.join(", ") : "none"}`,
    };
  return null;
}

const PRICE = /\$\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)? (?:dollars|bucks)\b/gi;
const amount = (price: string) => price.replace(/[^\d.]/g, "").replace(/\.0+$/, "");

function check(
  c: ConversationCase,
  opening: string,
  turns: TurnRecord[],
  unsaid: string[],
  outcome: Outcome,
  knownText: string,
): Failure[] {
  const failures: Failure[] = [];
  const fail = (check: CheckName, detail: string) => failures.push({ check, detail });
  const expected = c.expect;

  if (outcome.disposition !== expected.disposition)
    fail("disposition", `expected ${expected.disposition ?? "none"}, got ${outcome.disposition ?? "none"}`);
  if (expected.ended !== "either" && outcome.ended !== expected.ended)
    fail("ended", expected.ended ? "the call should have ended" : "the call should not have ended");
  if (outcome.transferred !== (expected.transferred ?? false))
    fail("transferred", expected.transferred ? "should have been put through" : "was put through");
  const appointment = checkTimes("appointment", outcome.appointments, expected.appointment);
  if (appointment) failures.push(appointment);
  const callback = checkTimes("callback", outcome.callbacks, expected.callback);
  if (callback) failures.push(callback);
  if (outcome.doNotCall !== (expected.doNotCall ?? false))
    fail("do-not-call", expected.doNotCall ? "the number should be listed" : "the number was listed");
  if (unsaid.length)
    fail("cut short", `the call was over before the caller said: ${unsaid.map((u) => `"${u}"`).join(", ")}`);

  for (const phrase of c.opening?.must ?? [])
    if (!says(opening, phrase)) fail("opening", `the opening lacks ${shownPhrase(phrase)}`);
  for (const phrase of c.opening?.mustNot ?? [])
    if (says(opening, phrase)) fail("opening", `the opening says ${shownPhrase(phrase)}`);

  const known = new Set((knownText.match(PRICE) ?? []).map(amount));
  const seen = new Map<string, number>();
  turns.forEach((turn, i) => {
    const spec = c.turns[i];
    const reply = turn.reply ?? "";
    const at = `turn ${i + 1}`;
    if (!spec) return;
    for (const phrase of spec.must ?? [])
      if (!says(reply, phrase)) fail("reply must say", `${at}: lacks ${shownPhrase(phrase)}`);
    for (const phrase of spec.mustNot ?? [])
      if (says(reply, phrase)) fail("reply must not say", `${at}: says ${shownPhrase(phrase)}`);
    if (spec.startsWith) {
      const start = spec.startsWith;
      const ok =
        typeof start === "string"
          ? reply.toLowerCase().startsWith(start.toLowerCase())
          : new RegExp(`^(?:${start.source})`, start.flags).test(reply);
      if (!ok) fail("reply starts with", `${at}: does not start with ${shownPhrase(start)}`);
    }
    if (!turn.reply && !turn.transferredTo) fail("silent", `${at}: no reply`);
    for (const price of reply.match(PRICE) ?? [])
      if (!known.has(amount(price))) fail("price not in knowledge", `${at}: says ${price}`);
    if (/\{\s*\w+\s*\}/.test(reply)) fail("placeholder left", `${at}: ${reply}`);
    const count = (seen.get(reply) ?? 0) + 1;
    seen.set(reply, count);
    if (count === 3) fail("repeats itself", `${at}: the same reply a third time`);
  });
  return failures;
}

// --- the whole suite ---------------------------------------------------------------------------

export type Summary = {
  results: ConversationResult[];
  total: number;
  passed: number;
  /** Per expected disposition ("none" for null): conversations, passed, disposition right. */
  byDisposition: Record<string, { total: number; passed: number; dispositionRight: number }>;
  /** Conversations failing each check. */
  failuresByCheck: Record<CheckName, number>;
  /** Expected -> actual disposition counts. */
  confusion: Record<string, Record<string, number>>;
  turnMs: { p50: number; p95: number; max: number; turns: number };
};

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export async function evaluate(cases: readonly ConversationCase[]): Promise<Summary> {
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`Two conversations are named ${c.id}`);
    ids.add(c.id);
  }
  // A first conversation, not counted, so the timings are of turns and not of loading code.
  localAi();
  if (cases[0]) await runConversation(cases[0]);
  const results: ConversationResult[] = [];
  for (const c of cases) results.push(await runConversation(c));

  const byDisposition: Summary["byDisposition"] = {};
  const confusion: Summary["confusion"] = {};
  const failuresByCheck = Object.fromEntries(CHECKS.map((name) => [name, 0])) as Record<CheckName, number>;
  for (const result of results) {
    const want = result.expected.disposition ?? "none";
    const got = result.outcome.disposition ?? "none";
    const row = byDisposition[want] ?? { total: 0, passed: 0, dispositionRight: 0 };
    byDisposition[want] = row;
    row.total += 1;
    if (result.passed) row.passed += 1;
    if (want === got) row.dispositionRight += 1;
    const line = confusion[want] ?? {};
    confusion[want] = line;
    line[got] = (line[got] ?? 0) + 1;
    for (const name of new Set(result.failures.map((failure) => failure.check))) failuresByCheck[name] += 1;
  }
  const times = results.flatMap((result) => result.turns.map((turn) => turn.ms)).sort((a, b) => a - b);
  return {
    results,
    total: results.length,
    passed: results.filter((result) => result.passed).length,
    byDisposition,
    failuresByCheck,
    confusion,
    turnMs: {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1) ?? 0,
      turns: times.length,
    },
  };
}
