import { describe, expect, it } from "vitest";
import type { RoutingConditions } from "../../../common/agents";
import {
  askedForReason,
  chooseAgent,
  normalizeWords,
  type RoutingAgent,
  type RoutingFlowInput,
  type RoutingRuleInput,
} from "./routing";

const any: RoutingConditions = { direction: "any", extension: null, classifications: [] };

function agent(id: string, extension: string, fields: Partial<RoutingAgent> = {}): RoutingAgent {
  return {
    id,
    name: `Agent ${id}`,
    extension,
    specialization: "general",
    status: "active",
    keywords: [],
    ...fields,
  };
}
function rule(
  id: string,
  agentId: string,
  keywords: string[],
  fields: Partial<RoutingRuleInput> = {},
): RoutingRuleInput {
  return {
    id,
    name: `Rule ${id}`,
    keywords,
    agentId,
    priority: 0,
    conditions: any,
    isActive: true,
    ...fields,
  };
}
function flow(
  id: string,
  agentId: string,
  trigger: string[],
  fields: Partial<RoutingFlowInput> = {},
): RoutingFlowInput {
  return {
    id,
    name: `Flow ${id}`,
    trigger,
    agentId,
    response: "Flow says hi",
    nextAction: "continue",
    priority: 0,
    conditions: any,
    isActive: true,
    ...fields,
  };
}
const inbound = (text: string, extra: object = {}) => ({ text, direction: "inbound" as const, ...extra });

describe("chooseAgent", () => {
  it("routes by an agent's keywords, whole words with plural endings", () => {
    const set = {
      agents: [
        agent("sales", "101", { specialization: "sales", keywords: ["price", "quote"] }),
        agent("support", "102", { specialization: "support", keywords: ["internet", "outage"] }),
      ],
      rules: [],
      flows: [],
    };
    expect(chooseAgent(set, inbound("What are your prices?")).agent?.id).toBe("sales");
    expect(chooseAgent(set, inbound("My INTERNET is down")).agent?.id).toBe("support");
    // "priceless" is not "price".
    expect(chooseAgent(set, inbound("That view is priceless")).via).not.toBe("keywords");
    const choice = chooseAgent(set, inbound("Can I get a quote on the price?"));
    expect(choice).toMatchObject({ via: "keywords", hits: ["price", "quote"], confidence: 0.85 });
    expect(choice.reason).toContain("price, quote");
  });

  it("never chooses a paused or inactive agent, whatever points to it", () => {
    const set = {
      agents: [
        agent("paused", "101", { status: "paused", specialization: "sales", keywords: ["pricing"] }),
        agent("inactive", "102", { status: "inactive", specialization: "general", keywords: ["pricing"] }),
        agent("live", "103", { specialization: "support" }),
      ],
      rules: [rule("r1", "paused", ["pricing"], { priority: 100 })],
      flows: [flow("f1", "inactive", ["pricing"], { priority: 100 })],
    };
    for (const input of [
      inbound("pricing please"),
      inbound("anything", { extension: "101" }),
      inbound("extension 102 please"),
      inbound("I want to buy", { classification: "sales" as const }),
    ]) {
      const chosen = chooseAgent(set, input).agent?.id ?? null;
      expect(chosen === "paused" || chosen === "inactive", JSON.stringify(input)).toBe(false);
    }
    expect(chooseAgent({ ...set, agents: set.agents.slice(0, 2) }, inbound("pricing")).agent).toBeNull();
  });

  it("breaks ties by priority, then keyword hits, then the lowest extension", () => {
    const agents = [agent("a", "105"), agent("b", "102"), agent("c", "110")];
    // Priority wins over hits.
    let set = {
      agents,
      rules: [
        rule("r1", "a", ["billing", "invoice"], { priority: 1 }),
        rule("r2", "c", ["billing"], { priority: 5 }),
      ],
      flows: [],
    };
    expect(chooseAgent(set, inbound("billing invoice question")).agent?.id).toBe("c");
    // Same priority: more hits win.
    set = {
      agents,
      rules: [rule("r1", "a", ["billing", "invoice"]), rule("r2", "b", ["billing"])],
      flows: [],
    };
    expect(chooseAgent(set, inbound("billing invoice question")).agent?.id).toBe("a");
    // Same priority and hits: the lowest extension (numerically: 102 before 105 before 110).
    set = {
      agents,
      rules: [rule("r1", "a", ["billing"]), rule("r2", "b", ["billing"]), rule("r3", "c", ["billing"])],
      flows: [],
    };
    expect(chooseAgent(set, inbound("billing")).agent?.id).toBe("b");
    const numeric = {
      agents: [agent("nine", "99"), agent("hundred", "100")],
      rules: [rule("x", "hundred", ["help"]), rule("y", "nine", ["help"])],
      flows: [],
    };
    expect(chooseAgent(numeric, inbound("help")).agent?.id).toBe("nine");
  });

  it("gives an extension the caller dialled or says precedence over words", () => {
    const set = {
      agents: [agent("sales", "101", { keywords: ["pricing"] }), agent("support", "102")],
      rules: [rule("r1", "sales", ["pricing"], { priority: 100 })],
      flows: [],
    };
    expect(chooseAgent(set, inbound("pricing", { extension: "102" }))).toMatchObject({
      via: "extension",
      confidence: 1,
    });
    expect(chooseAgent(set, inbound("Can you put me through to extension 102 about pricing")).agent?.id).toBe(
      "support",
    );
    // An extension nobody has falls back to the words.
    expect(chooseAgent(set, inbound("pricing", { extension: "999" })).agent?.id).toBe("sales");
  });

  it("applies a rule's conditions: direction, extension and classification", () => {
    const agents = [agent("out", "101"), agent("in", "102"), agent("vip", "103"), agent("urgent", "104")];
    const set = {
      agents,
      rules: [
        rule("r-out", "out", ["renewal"], { conditions: { ...any, direction: "outbound" } }),
        rule("r-in", "in", ["renewal"], { conditions: { ...any, direction: "inbound" } }),
        rule("r-vip", "vip", [], { conditions: { ...any, extension: "500" } }),
        rule("r-urgent", "urgent", ["help"], { conditions: { ...any, classifications: ["important"] } }),
      ],
      flows: [],
    };
    expect(chooseAgent(set, { text: "about my renewal", direction: "outbound" }).agent?.id).toBe("out");
    expect(chooseAgent(set, inbound("about my renewal")).agent?.id).toBe("in");
    expect(chooseAgent(set, inbound("hello", { extension: "500" }))).toMatchObject({
      via: "rule",
      confidence: 1,
    });
    // The classification condition does not hold: no rule applies, the general fallback answers.
    expect(chooseAgent(set, inbound("help", { classification: "support" })).via).toBe("general");
    expect(chooseAgent(set, inbound("help", { classification: "important" })).agent?.id).toBe("urgent");
  });

  it("answers with a conversation flow when its trigger matches, and skips inactive ones", () => {
    const set = {
      agents: [agent("a", "101"), agent("b", "102")],
      rules: [rule("r", "a", ["hours"])],
      flows: [
        flow("f", "b", ["opening hours", "hours"], { priority: 1 }),
        flow("off", "a", ["hours"], { priority: 9, isActive: false }),
      ],
    };
    const choice = chooseAgent(set, inbound("What are your opening hours?"));
    expect(choice).toMatchObject({ via: "flow", hits: ["opening hours", "hours"] });
    expect(choice.agent?.id).toBe("b");
    expect(choice.flow?.id).toBe("f");
  });

  it("falls back to the specialization for the classification, then a general agent, then none", () => {
    const set = {
      agents: [
        agent("gen", "105"),
        agent("sup", "103", { specialization: "support" }),
        agent("appt", "101", { specialization: "appointments" }),
      ],
      rules: [],
      flows: [],
    };
    expect(
      chooseAgent(set, inbound("it broke", { classification: "support", classificationConfidence: 0.9 })),
    ).toMatchObject({
      via: "specialization",
      confidence: 0.72,
    });
    expect(chooseAgent(set, inbound("book me in", { classification: "appointment" })).agent?.id).toBe("appt");
    expect(chooseAgent(set, inbound("hello", { classification: "legitimate" }))).toMatchObject({
      via: "general",
      confidence: 0.3,
    });
    expect(chooseAgent({ agents: [], rules: [], flows: [] }, inbound("hello"))).toMatchObject({
      agent: null,
      via: "none",
      confidence: 0,
    });
  });

  it("normalizes punctuation and case the same way on both sides", () => {
    expect(normalizeWords("Enterprise-Level, CUSTOM equipment!")).toBe("enterprise level custom equipment");
    const set = { agents: [agent("a", "101", { keywords: ["enterprise-level"] })], rules: [], flows: [] };
    expect(chooseAgent(set, inbound("we need ENTERPRISE LEVEL support")).agent?.id).toBe("a");
  });

  it("routes a turn in well under 2 ms with 20 agents and 50 rules", () => {
    const agents = Array.from({ length: 20 }, (_, i) =>
      agent(`a${i}`, String(101 + i), { keywords: [`topic${i}`, `product${i}`, `service ${i}`] }),
    );
    const rules = Array.from({ length: 50 }, (_, i) =>
      rule(`r${i}`, `a${i % 20}`, [`keyword${i}`, `phrase number ${i}`, `term${i}`], { priority: i % 5 }),
    );
    const set = { agents, rules, flows: [] };
    const texts = [
      "I have a question about keyword42 and topic7",
      "nothing matches here at all",
      "phrase number 13 please",
    ];
    chooseAgent(set, inbound(texts[0] ?? ""));
    const rounds = 2000;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) chooseAgent(set, inbound(texts[i % texts.length] ?? ""));
    const perCall = (performance.now() - started) / rounds;
    expect(perCall).toBeLessThan(2);
    expect(chooseAgent(set, inbound("phrase number 13 please")).agent?.id).toBe("a13");
  });
});

describe("askedForReason", () => {
  const nora = {
    id: "5f0c7d1e-2b1a-4c3d-9e8f-0a1b2c3d4e5f",
    name: "Nora",
    extension: "102",
    specialization: "support",
  };

  it("names the agent asked for, never its id", () => {
    expect(askedForReason(nora.id, nora)).toBe("Asked for Nora");
    expect(askedForReason("nora", nora)).toBe("Asked for Nora");
    expect(askedForReason("Support", nora)).toBe("Asked for the support agent: Nora");
    expect(askedForReason("102", nora)).toBe("Asked for extension 102: Nora");
  });
});
