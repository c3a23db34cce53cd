import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { RoutingConditions } from "../../../common/agents";
import { calls } from "./calls";
import { aiScripts } from "./scripts";
import { workspaces } from "./workspaces";

type AgentVoiceSettings = { speed: number; pitch: number; volume: number; tone: string };
type AgentAiSettings = {
  creativityLevel: number;
  contextWindow: number;
  interruptionHandling: boolean;
  backgroundNoiseFilter: boolean;
  sentimentAdaptation: boolean;
};

/**
 * Ai_agents with the fields of the spec, per workspace. Figures
 * (callsHandled, successRate, performanceMetrics) are not stored: they are counted from
 * agent_call_outcomes. Extensions are digits, unique in the workspace.
 */
export const aiAgents = pgTable(
  "ai_agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    extension: text("extension").notNull(),
    purpose: text("purpose"),
    personality: text("personality"),
    knowledgeBase: text("knowledge_base"),
    rebuttalPlaybook: jsonb("rebuttal_playbook").$type<string[]>().notNull().default([]),
    closingStyle: text("closing_style"),
    status: text("status").notNull().default("inactive"),
    specialization: text("specialization").notNull().default("general"),
    voice: text("voice").notNull().default("professional"),
    responseSpeed: real("response_speed").notNull(),
    empathyLevel: integer("empathy_level").notNull(),
    assertivenessLevel: integer("assertiveness_level").notNull(),
    maxCallDuration: integer("max_call_duration").notNull(),
    transferThreshold: real("transfer_threshold").notNull(),
    voiceSettings: jsonb("voice_settings").$type<AgentVoiceSettings>().notNull(),
    aiSettings: jsonb("ai_settings").$type<AgentAiSettings>().notNull(),
    languages: jsonb("languages").$type<string[]>().notNull().default(["English"]),
    primaryLanguage: text("primary_language").notNull().default("English"),
    script: text("script"),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    objectionHandling: text("objection_handling"),
    salesTechniques: text("sales_techniques"),
    conversationStyle: text("conversation_style"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ai_agents_workspace_extension_idx").on(table.workspaceId, table.extension),
    index("ai_agents_workspace_created_idx").on(table.workspaceId, table.createdAt),
  ],
);

/** Routing_rules: words (and conditions) that send a caller to an agent. */
export const routingRules = pgTable(
  "routing_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => aiAgents.id, { onDelete: "cascade" }),
    priority: integer("priority").notNull().default(0),
    conditions: jsonb("conditions").$type<RoutingConditions>().notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("routing_rules_workspace_idx").on(table.workspaceId, table.createdAt),
    index("routing_rules_agent_idx").on(table.agentId),
  ],
);

/** Conversation_flows: a trigger, the agent that answers and what it says and does. */
export const conversationFlows = pgTable(
  "conversation_flows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    trigger: jsonb("trigger").$type<string[]>().notNull(),
    conditions: jsonb("conditions").$type<RoutingConditions>().notNull(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => aiAgents.id, { onDelete: "cascade" }),
    response: text("response").notNull(),
    nextAction: text("next_action").notNull().default("continue"),
    priority: integer("priority").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("conversation_flows_workspace_idx").on(table.workspaceId, table.createdAt),
    index("conversation_flows_agent_idx").on(table.agentId),
  ],
);

/**
 * Which agent handled a call and how it went: one row per call (the agent routed last). The
 * analytics count these; deleting the call deletes its row, so figures follow the calls kept.
 */
export const agentCallOutcomes = pgTable(
  "agent_call_outcomes",
  {
    callId: uuid("call_id")
      .primaryKey()
      .references(() => calls.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => aiAgents.id, { onDelete: "cascade" }),
    classification: text("classification"),
    /** Why the agent was chosen ("keywords pricing, quote"). */
    routingReason: text("routing_reason"),
    transferred: boolean("transferred").notNull().default(false),
    appointmentBooked: boolean("appointment_booked").notNull().default(false),
    sentiment: text("sentiment"),
    /** Set when the call ends: it ended well (completed or screened out, the caller not left upset). */
    successful: boolean("successful"),
    turns: integer("turns").notNull().default(0),
    /** Sum of the milliseconds from the caller's words to the agent's reply, over `turns`. */
    responseMsTotal: integer("response_ms_total").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("agent_call_outcomes_workspace_agent_idx").on(table.workspaceId, table.agentId),
    index("agent_call_outcomes_agent_idx").on(table.agentId),
  ],
);

/** Telecom agents (/agent-manager), per workspace. */
export const telecomAgents = pgTable(
  "telecom_agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    specialization: text("specialization").notNull().default("general"),
    providers: jsonb("providers").$type<string[]>().notNull().default([]),
    personality: text("personality"),
    script: text("script"),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    isActive: boolean("is_active").notNull().default(false),
    responseStyle: text("response_style").notNull().default("professional"),
    maxCallDuration: integer("max_call_duration").notNull().default(15),
    transferThreshold: integer("transfer_threshold").notNull().default(3),
    salesGoals: jsonb("sales_goals")
      .$type<{ dailyTarget: number; bundlePreference: number; upsellRate: number }>()
      .notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("telecom_agents_workspace_idx").on(table.workspaceId, table.createdAt)],
);

/** Saved agent test cases: caller turns and what should happen. */
export const agentTests = pgTable(
  "agent_tests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    turns: jsonb("turns").$type<string[]>().notNull(),
    expectedAgentId: uuid("expected_agent_id").references(() => aiAgents.id, { onDelete: "set null" }),
    expectedClassification: text("expected_classification"),
    expectTransfer: boolean("expect_transfer"),
    scriptId: uuid("script_id").references(() => aiScripts.id, { onDelete: "set null" }),
    direction: text("direction").notNull().default("inbound"),
    templateId: text("template_id"),
    lastRun: jsonb("last_run").$type<{ passed: boolean; failures: string[]; ranAt: string }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("agent_tests_workspace_idx").on(table.workspaceId, table.createdAt)],
);
