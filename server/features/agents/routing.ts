import type {
  AgentSpecialization,
  CallDirection,
  NextAction,
  RoutingConditions,
} from "../../../common/agents";
import type { Classification } from "../../../common/calls";

/**
 * Which agent answers a caller's words: pure and fast, no I/O. The workspace's
 * routing set (agents, routing rules, conversation flows) is compiled once into word patterns
 * and reused for every turn until it changes (the service caches it; `prepareRouting` is also
 * memoised per set object here).
 *
 * The order of choice:
 * 1. An extension the caller dialled (or says: "extension 102") picks that agent outright.
 * 2. Otherwise every candidate whose words occur in the text competes: conversation flows (their
 *    trigger), routing rules (their keywords, or their extension condition alone) and each
 *    agent's own keywords (priority 0). A candidate applies only when its conditions hold:
 *    direction (any, inbound, outbound), extension, and classification (when it lists some).
 *    The best is the one with the highest priority; a tie goes to the one with the most distinct
 *    keyword hits, then to the agent with the lowest extension, then flow before rule before
 *    agent keywords.
 * 3. No words match: the active agent whose specialization fits the classification (sales ->
 *    sales, support -> support, appointment -> appointments, spam -> screening), lowest
 *    extension first.
 * 4. Otherwise the active general agent with the lowest extension, else none (the workspace's
 *    assistant answers).
 * A paused or inactive agent is never chosen, whatever points to it.
 */

export type RoutingAgent = {
  id: string;
  name: string;
  extension: string;
  specialization: AgentSpecialization | string;
  status: string;
  keywords: readonly string[];
};

export type RoutingRuleInput = {
  id: string;
  name: string;
  keywords: readonly string[];
  agentId: string;
  priority: number;
  conditions: RoutingConditions;
  isActive: boolean;
};

export type RoutingFlowInput = {
  id: string;
  name: string;
  trigger: readonly string[];
  conditions: RoutingConditions;
  agentId: string;
  response: string;
  nextAction: NextAction | string;
  priority: number;
  isActive: boolean;
};

export type RoutingSet = {
  agents: readonly RoutingAgent[];
  rules: readonly RoutingRuleInput[];
  flows: readonly RoutingFlowInput[];
};

export type RoutingInput = {
  text: string;
  /** The extension the caller dialled, if any. */
  extension?: string | null | undefined;
  direction: CallDirection;
  /** The engine's reading of the text, when known (classification conditions and the fallback use it). */
  classification?: Classification | null | undefined;
  classificationConfidence?: number | undefined;
};

export type RoutingVia = "extension" | "flow" | "rule" | "keywords" | "specialization" | "general" | "none";

export type RoutingChoice<A extends RoutingAgent = RoutingAgent> = {
  agent: A | null;
  reason: string;
  /** 0 to 1: how sure the choice is (an extension is certain; one keyword less so than three). */
  confidence: number;
  via: RoutingVia;
  /** The conversation flow that matched, when one did: its response and next action apply. */
  flow: RoutingFlowInput | null;
  rule: RoutingRuleInput | null;
  /** The words that matched. */
  hits: string[];
};

type Pattern = { word: string; re: RegExp };
type Candidate = {
  kind: "flow" | "rule" | "keywords";
  kindOrder: number;
  priority: number;
  agent: RoutingAgent;
  agentOrder: number;
  patterns: Pattern[];
  conditions: RoutingConditions | null;
  flow: RoutingFlowInput | null;
  rule: RoutingRuleInput | null;
};

export type PreparedRouting = {
  byId: Map<string, RoutingAgent>;
  byExtension: Map<string, RoutingAgent>;
  candidates: Candidate[];
  bySpecialization: Map<string, RoutingAgent>;
  general: RoutingAgent | null;
};

const SPECIALIZATION_OF: Record<Classification, AgentSpecialization | null> = {
  sales: "sales",
  support: "support",
  appointment: "appointments",
  spam: "screening",
  important: null,
  legitimate: null,
};

/** Lower-case words and digits separated by single spaces: "Enterprise-Level!" -> "enterprise level". */
export function normalizeWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function pattern(word: string): Pattern | null {
  const normal = normalizeWords(word);
  if (!normal) return null;
  // Whole words; the last may take a plural or verb ending ("price" finds "prices").
  return { word, re: new RegExp(`(?:^| )${normal}(?:s|es|ed|ing)?(?= |$)`) };
}

const patternsOf = (words: readonly string[]) => words.map(pattern).filter((p): p is Pattern => p !== null);

function extensionNumber(extension: string): number {
  return /^\d+$/.test(extension) ? Number(extension) : Number.MAX_SAFE_INTEGER;
}

function byExtension(a: RoutingAgent, b: RoutingAgent): number {
  return (
    extensionNumber(a.extension) - extensionNumber(b.extension) || a.extension.localeCompare(b.extension)
  );
}

/** Compiles a routing set: the word patterns and lookups every turn uses. */
export function prepareRouting(set: RoutingSet): PreparedRouting {
  const active = set.agents.filter((agent) => agent.status === "active").sort(byExtension);
  const order = new Map(active.map((agent, index) => [agent.id, index]));
  const byId = new Map(active.map((agent) => [agent.id, agent]));
  const candidates: Candidate[] = [];
  for (const flow of set.flows) {
    const agent = byId.get(flow.agentId);
    if (!flow.isActive || !agent) continue;
    candidates.push({
      kind: "flow",
      kindOrder: 0,
      priority: flow.priority,
      agent,
      agentOrder: order.get(agent.id) ?? 0,
      patterns: patternsOf(flow.trigger),
      conditions: flow.conditions,
      flow,
      rule: null,
    });
  }
  for (const rule of set.rules) {
    const agent = byId.get(rule.agentId);
    if (!rule.isActive || !agent) continue;
    candidates.push({
      kind: "rule",
      kindOrder: 1,
      priority: rule.priority,
      agent,
      agentOrder: order.get(agent.id) ?? 0,
      patterns: patternsOf(rule.keywords),
      conditions: rule.conditions,
      flow: null,
      rule,
    });
  }
  for (const agent of active) {
    if (agent.keywords.length === 0) continue;
    candidates.push({
      kind: "keywords",
      kindOrder: 2,
      priority: 0,
      agent,
      agentOrder: order.get(agent.id) ?? 0,
      patterns: patternsOf(agent.keywords),
      conditions: null,
      flow: null,
      rule: null,
    });
  }
  const bySpecialization = new Map<string, RoutingAgent>();
  for (const agent of active)
    if (!bySpecialization.has(agent.specialization)) bySpecialization.set(agent.specialization, agent);
  return {
    byId,
    byExtension: new Map(active.map((agent) => [agent.extension, agent])),
    candidates,
    bySpecialization,
    general: bySpecialization.get("general") ?? null,
  };
}

const prepared = new WeakMap<RoutingSet, PreparedRouting>();

function preparedOf(set: RoutingSet | PreparedRouting): PreparedRouting {
  if ("candidates" in set) return set;
  let hit = prepared.get(set);
  if (!hit) {
    hit = prepareRouting(set);
    prepared.set(set, hit);
  }
  return hit;
}

const SPOKEN_EXTENSION = /(?:^| )(?:extension|ext)(?: number)? (\d{2,6})(?= |$)/;

function conditionsHold(
  conditions: RoutingConditions | null,
  input: RoutingInput,
  extension: string | null,
): boolean {
  if (!conditions) return true;
  if (conditions.direction !== "any" && conditions.direction !== input.direction) return false;
  if (conditions.extension && conditions.extension !== extension) return false;
  if (conditions.classifications.length > 0) {
    if (!input.classification || !conditions.classifications.includes(input.classification)) return false;
  }
  return true;
}

const keywordConfidence = (hits: number) => (hits >= 3 ? 0.95 : hits === 2 ? 0.85 : 0.75);

/** Chooses the agent for a caller's words; see the order at the top of this file. */
export function chooseAgent<A extends RoutingAgent>(
  set: RoutingSet | PreparedRouting,
  input: RoutingInput,
): RoutingChoice<A> {
  const p = preparedOf(set);
  const text = normalizeWords(input.text);
  const spoken = SPOKEN_EXTENSION.exec(text)?.[1] ?? null;
  const extension = input.extension ?? spoken;

  const direct = extension ? p.byExtension.get(extension) : undefined;
  if (direct) {
    return {
      agent: direct as A,
      reason: `${input.extension ? "Dialled" : "Asked for"} extension ${extension}: ${direct.name}`,
      confidence: 1,
      via: "extension",
      flow: null,
      rule: null,
      hits: [],
    };
  }

  let best: { candidate: Candidate; hits: string[] } | null = null;
  for (const candidate of p.candidates) {
    if (!conditionsHold(candidate.conditions, input, extension)) continue;
    const hits: string[] = [];
    for (const { word, re } of candidate.patterns) if (re.test(text)) hits.push(word);
    // A rule with no keywords applies by its extension condition alone.
    const byExtensionOnly =
      candidate.kind === "rule" &&
      candidate.patterns.length === 0 &&
      Boolean(candidate.conditions?.extension);
    if (hits.length === 0 && !byExtensionOnly) continue;
    if (!best || better(candidate, hits.length, best.candidate, best.hits.length)) best = { candidate, hits };
  }
  if (best) {
    const { candidate, hits } = best;
    const words = hits.join(", ");
    const reason =
      candidate.kind === "flow"
        ? `Conversation flow "${candidate.flow?.name}" (trigger: ${words}): ${candidate.agent.name}`
        : candidate.kind === "rule"
          ? hits.length
            ? `Routing rule "${candidate.rule?.name}" (keywords: ${words}): ${candidate.agent.name}`
            : `Routing rule "${candidate.rule?.name}" (extension ${extension}): ${candidate.agent.name}`
          : `${candidate.agent.name}'s keywords: ${words}`;
    return {
      agent: candidate.agent as A,
      reason,
      confidence: hits.length ? keywordConfidence(hits.length) : 1,
      via: candidate.kind,
      flow: candidate.flow,
      rule: candidate.rule,
      hits,
    };
  }

  const wanted = input.classification ? SPECIALIZATION_OF[input.classification] : null;
  const specialist = wanted ? p.bySpecialization.get(wanted) : undefined;
  if (specialist) {
    const confidence = Math.min(0.8, Math.max(0.3, (input.classificationConfidence ?? 0.5) * 0.8));
    return {
      agent: specialist as A,
      reason: `No keywords matched; the caller sounds like ${input.classification}: ${specialist.name} (${specialist.specialization})`,
      confidence: Math.round(confidence * 100) / 100,
      via: "specialization",
      flow: null,
      rule: null,
      hits: [],
    };
  }
  if (p.general) {
    return {
      agent: p.general as A,
      reason: `No keywords matched: the general agent ${p.general.name}`,
      confidence: 0.3,
      via: "general",
      flow: null,
      rule: null,
      hits: [],
    };
  }
  return {
    agent: null,
    reason: "No active agent matches: the workspace's assistant answers",
    confidence: 0,
    via: "none",
    flow: null,
    rule: null,
    hits: [],
  };
}

/**
 * Why an agent the caller asked for by id, name, specialization or extension answers, in words
 * a person reads: the agent's name, never its id.
 */
export function askedForReason(
  wanted: string,
  agent: Pick<RoutingAgent, "id" | "name" | "extension" | "specialization">,
): string {
  const key = wanted.trim().toLowerCase();
  if (key === agent.extension.toLowerCase()) return `Asked for extension ${agent.extension}: ${agent.name}`;
  if (key === agent.specialization.toLowerCase() && key !== agent.name.toLowerCase())
    return `Asked for the ${agent.specialization} agent: ${agent.name}`;
  return `Asked for ${agent.name}`;
}

/** Higher priority, then more keyword hits, then the lower extension, then flow, rule, keywords. */
function better(a: Candidate, aHits: number, b: Candidate, bHits: number): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  if (aHits !== bHits) return aHits > bHits;
  if (a.agentOrder !== b.agentOrder) return a.agentOrder < b.agentOrder;
  return a.kindOrder < b.kindOrder;
}
