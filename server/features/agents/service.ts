import {
  AGENT_LIMIT_MESSAGE,
  AGENT_NOT_FOUND,
  type AgentFields,
  type CallDirection,
  type ConversationFlowCreate,
  type ConversationFlowUpdate,
  extensionTaken,
  FIRST_EXTENSION,
  FLOW_LIMIT_MESSAGE,
  FLOW_NOT_FOUND,
  MAX_AGENTS,
  MAX_CONVERSATION_FLOWS,
  MAX_ROUTING_RULES,
  ROUTING_LIMIT_MESSAGE,
  type RoutingConditions,
  type RoutingRuleCreate,
  type RoutingRuleUpdate,
  RULE_NOT_FOUND,
} from "../../../common/agents";
import type { CallOutcomeCounts, Classification } from "../../../common/calls";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, NotFound } from "../../domain/errors";
import type { AccessChanges } from "../../events/access";
import type { CallService } from "../calls/service";
import { refreshingCache } from "./cache";
import {
  type AgentFigures,
  type AgentPatch,
  type AgentRow,
  agentRepository,
  type ConversationFlowRow,
  type NewAgent,
  type RoutingRuleRow,
} from "./repository";
import { chooseAgent, type PreparedRouting, prepareRouting, type RoutingChoice } from "./routing";

export type { AgentRow, ConversationFlowRow, RoutingRuleRow };

/** What the analytics are built from: the agents, their turn records, and their calls' outcomes. */
export type AgentAnalyticsInput = {
  rows: AgentRow[];
  figures: AgentFigures[];
  outcomes: { byAgent: Map<string, CallOutcomeCounts>; total: CallOutcomeCounts };
};

const CACHE_MS = 10_000;
const MAX_CACHED = 10_000;

const agentNotFound = () => new NotFound(AGENT_NOT_FOUND);
const ruleNotFound = () => new NotFound(RULE_NOT_FOUND);
const flowNotFound = () => new NotFound(FLOW_NOT_FOUND);

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };
const defined = <T extends object>(fields: T): Defined<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Defined<T>;

/** Fields the original client sends that the server decides: dropped before saving. */
const SERVER_DECIDED = [
  "id",
  "userId",
  "callsHandled",
  "successRate",
  "performanceMetrics",
  "isActive",
] as const;

type ParsedRule = {
  name: string;
  keywords: string[];
  agentId: string;
  priority: number;
  conditions: RoutingConditions;
  isActive: boolean;
};
type ParsedFlow = {
  name: string;
  trigger: string[];
  conditions: RoutingConditions;
  agentId: string;
  response: string;
  nextAction: string;
  priority: number;
  isActive: boolean;
};

/** A workspace's routing set, compiled, with the full agent rows the reply is shaped by. */
export type RoutingSnapshot = {
  prepared: PreparedRouting;
  agents: Map<string, AgentRow>;
  /** Active agents, lowest extension first. */
  active: AgentRow[];
};

export type RouteInput = {
  text: string;
  extension?: string | null | undefined;
  direction: CallDirection;
  classification?: Classification | null | undefined;
  classificationConfidence?: number | undefined;
};

/**
 * AI agents, routing rules and conversation flows, the routing of a caller's
 * words to an agent (`route`, cached per workspace and dropped on any change), and the calls
 * each agent handled (`recordTurn`, `recordEnd`), from which every figure is counted.
 */
export type AgentServiceDeps = {
  db: Db;
  access: AccessChanges;
  /** What the agents' calls came to, counted from the calls themselves (the calls area owns them). */
  calls: Pick<CallService, "agentOutcomes">;
};

export function agentService({ db, access, calls }: AgentServiceDeps) {
  const repo = agentRepository(db);
  const inTransaction = <T>(work: (tx: Db) => Promise<T>) => db.transaction(work);
  // The routing set every turn reads: kept briefly, reloaded in the background, dropped on change.
  const cached = refreshingCache((workspaceId) => load(workspaceId), CACHE_MS, MAX_CACHED);
  access.onChange((change) => {
    if (!change.workspaceId) cached.clear();
    else if (change.settings) cached.drop(change.workspaceId);
  });
  const changed = (workspaceId: string) => access.changed({ workspaceId, settings: true });

  async function ownAgent(workspaceId: string, agentId: string): Promise<AgentRow> {
    const agent = await repo.getAgent(workspaceId, agentId);
    if (!agent) throw agentNotFound();
    return agent;
  }

  async function figuresOf(workspaceId: string): Promise<Map<string, AgentFigures>> {
    return new Map((await repo.figures(workspaceId)).map((f) => [f.agentId, f]));
  }

  async function load(workspaceId: string): Promise<RoutingSnapshot> {
    const [agents, rules, flows] = await Promise.all([
      repo.listAgents(workspaceId),
      repo.listRules(workspaceId),
      repo.listFlows(workspaceId),
    ]);
    return {
      prepared: prepareRouting({ agents, rules, flows }),
      agents: new Map(agents.map((agent) => [agent.id, agent])),
      active: agents.filter((agent) => agent.status === "active"),
    };
  }

  function snapshot(workspaceId: string): Promise<RoutingSnapshot> {
    return cached.get(workspaceId);
  }

  return {
    // --- agents ---
    async listAgents(account: Account): Promise<{ rows: AgentRow[]; figures: Map<string, AgentFigures> }> {
      const [rows, figures] = await Promise.all([repo.listAgents(account.id), figuresOf(account.id)]);
      return { rows, figures };
    },

    async getAgent(
      account: Account,
      id: string,
    ): Promise<{ row: AgentRow; figures: AgentFigures | undefined }> {
      const row = await ownAgent(account.id, id);
      return { row, figures: (await figuresOf(account.id)).get(id) };
    },

    /**
     * A new agent, inactive with no calls. Without an extension it gets the highest
     * numeric extension plus one (101 first); a taken one is refused.
     */
    async createAgent(account: Account, body: AgentFields): Promise<AgentRow> {
      const fields = Object.fromEntries(
        Object.entries(body).filter(([key]) => !(SERVER_DECIDED as readonly string[]).includes(key)),
      ) as Omit<AgentFields, (typeof SERVER_DECIDED)[number]>;
      try {
        const row = await inTransaction(async (tx) => {
          const agents = agentRepository(tx);
          await agents.lockWorkspace(account.id);
          if ((await agents.countAgents(account.id)) >= MAX_AGENTS) throw new Conflict(AGENT_LIMIT_MESSAGE);
          let extension = fields.extension;
          if (extension) {
            if (await agents.extensionTaken(account.id, extension))
              throw new Conflict(extensionTaken(extension));
          } else {
            const highest = await agents.highestExtension(account.id);
            extension = String(Math.max(FIRST_EXTENSION, (highest ?? FIRST_EXTENSION - 1) + 1));
          }
          const row: NewAgent = { ...fields, extension, status: "inactive" };
          return agents.insertAgent(account.id, row);
        });
        changed(account.id);
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(extensionTaken(fields.extension ?? "that"));
        throw error;
      }
    },

    async updateAgent(
      account: Account,
      id: string,
      body: Defined<AgentFields & { status: string }>,
    ): Promise<AgentRow> {
      const patch = defined(
        Object.fromEntries(
          Object.entries(body).filter(([key]) => !(SERVER_DECIDED as readonly string[]).includes(key)),
        ),
      ) as AgentPatch & { extension?: string | null };
      if (patch.extension === null) delete patch.extension;
      try {
        const row = await inTransaction(async (tx) => {
          const agents = agentRepository(tx);
          await agents.lockWorkspace(account.id);
          if (patch.extension && (await agents.extensionTaken(account.id, patch.extension, id)))
            throw new Conflict(extensionTaken(patch.extension));
          return agents.updateAgent(account.id, id, patch as AgentPatch);
        });
        if (!row) throw agentNotFound();
        changed(account.id);
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(extensionTaken(patch.extension ?? "that"));
        throw error;
      }
    },

    /** Pause/Activate: active becomes paused; paused or inactive becomes active. */
    async toggleAgent(account: Account, id: string): Promise<AgentRow> {
      const row = await repo.toggleAgent(account.id, id);
      if (!row) throw agentNotFound();
      changed(account.id);
      return row;
    },

    /** Its routing rules, flows and call records go with it. */
    async removeAgent(account: Account, id: string): Promise<AgentRow> {
      const row = await repo.removeAgent(account.id, id);
      if (!row) throw agentNotFound();
      changed(account.id);
      return row;
    },

    async analytics(account: Account): Promise<AgentAnalyticsInput> {
      const rows = await repo.listAgents(account.id);
      const [figures, outcomes] = await Promise.all([
        repo.figures(account.id),
        calls.agentOutcomes(
          account,
          rows.map((row) => row.id),
        ),
      ]);
      return { rows, figures, outcomes };
    },

    // --- routing rules ---
    listRules: (account: Account) => repo.listRules(account.id),

    async getRule(account: Account, id: string): Promise<RoutingRuleRow> {
      const row = await repo.getRule(account.id, id);
      if (!row) throw ruleNotFound();
      return row;
    },

    async createRule(account: Account, body: ParsedRule | RoutingRuleCreate): Promise<RoutingRuleRow> {
      const fields = body as ParsedRule;
      await ownAgent(account.id, fields.agentId);
      if ((await repo.countRules(account.id)) >= MAX_ROUTING_RULES) throw new Conflict(ROUTING_LIMIT_MESSAGE);
      const row = await repo.insertRule(account.id, fields);
      changed(account.id);
      return row;
    },

    async updateRule(
      account: Account,
      id: string,
      body: Defined<ParsedRule> | RoutingRuleUpdate,
    ): Promise<RoutingRuleRow> {
      const patch = defined(body as Defined<ParsedRule>);
      if (patch.agentId) await ownAgent(account.id, patch.agentId);
      const row = await repo.updateRule(account.id, id, patch);
      if (!row) throw ruleNotFound();
      changed(account.id);
      return row;
    },

    async removeRule(account: Account, id: string): Promise<RoutingRuleRow> {
      const row = await repo.removeRule(account.id, id);
      if (!row) throw ruleNotFound();
      changed(account.id);
      return row;
    },

    // --- conversation flows ---
    listFlows: (account: Account) => repo.listFlows(account.id),

    async getFlow(account: Account, id: string): Promise<ConversationFlowRow> {
      const row = await repo.getFlow(account.id, id);
      if (!row) throw flowNotFound();
      return row;
    },

    async createFlow(
      account: Account,
      body: ParsedFlow | ConversationFlowCreate,
    ): Promise<ConversationFlowRow> {
      const fields = body as ParsedFlow;
      await ownAgent(account.id, fields.agentId);
      if ((await repo.countFlows(account.id)) >= MAX_CONVERSATION_FLOWS)
        throw new Conflict(FLOW_LIMIT_MESSAGE);
      const row = await repo.insertFlow(account.id, fields);
      changed(account.id);
      return row;
    },

    async updateFlow(
      account: Account,
      id: string,
      body: Defined<ParsedFlow> | ConversationFlowUpdate,
    ): Promise<ConversationFlowRow> {
      const patch = defined(body as Defined<ParsedFlow>);
      if (patch.agentId) await ownAgent(account.id, patch.agentId);
      const row = await repo.updateFlow(account.id, id, patch);
      if (!row) throw flowNotFound();
      changed(account.id);
      return row;
    },

    async removeFlow(account: Account, id: string): Promise<ConversationFlowRow> {
      const row = await repo.removeFlow(account.id, id);
      if (!row) throw flowNotFound();
      changed(account.id);
      return row;
    },

    // --- routing and call records (ports for the conversation test and the turn flow) ---

    /** The workspace's routing set, compiled (cached briefly; any change drops it). */
    snapshot,

    /** The agent for a caller's words (see routing.ts for the order of choice). */
    async route(workspaceId: string, input: RouteInput): Promise<RoutingChoice<AgentRow>> {
      const set = await snapshot(workspaceId);
      const choice = chooseAgent(set.prepared, input);
      const agent = choice.agent ? (set.agents.get(choice.agent.id) ?? null) : null;
      return { ...choice, agent };
    },

    /** The agent a previous turn chose, if it is still active (an agent keeps a call once routed). */
    async activeAgent(workspaceId: string, agentId: string): Promise<AgentRow | null> {
      const agent = (await snapshot(workspaceId)).agents.get(agentId);
      return agent && agent.status === "active" ? agent : null;
    },

    /** A caller turn an agent answered on a real or simulated call (not the conversation test). */
    recordTurn: (workspaceId: string, turn: Parameters<typeof repo.recordTurn>[1]) =>
      repo.recordTurn(workspaceId, turn),

    /** How a call an agent handled ended (its success counts in the agent's figures). */
    recordEnd: (workspaceId: string, callId: string, end: Parameters<typeof repo.recordEnd>[2]) =>
      repo.recordEnd(workspaceId, callId, end),

    outcomeOf: (workspaceId: string, callId: string) => repo.outcomeOf(workspaceId, callId),
  };
}

export type AgentService = ReturnType<typeof agentService>;
