import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { AiFlowCondition, AutomationAction, AutomationCondition } from "../../../common/ai-studio";
import { workspaces } from "./workspaces";

/**
 * AI Studio's flows (AI flow): when a caller's words contain a
 * trigger keyword and the conditions hold, the assistant says the filled-in response template
 * and takes the next action. Unlike conversation_flows (the agents area's), no agent answers.
 */
export const aiFlows = pgTable(
  "ai_flows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    triggerKeywords: jsonb("trigger_keywords").$type<string[]>().notNull(),
    responseTemplate: text("response_template").notNull(),
    nextAction: text("next_action").notNull().default("continue"),
    conditions: jsonb("conditions").$type<AiFlowCondition[]>().notNull().default([]),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ai_flows_workspace_created_idx").on(table.workspaceId, table.createdAt)],
);

/**
 * Automation rules: a condition on a finished call and what to do
 * when it holds, run after each call ends. Each rule keeps how often it acted and how the last
 * run went.
 */
export const automationRules = pgTable(
  "automation_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    condition: jsonb("condition").$type<AutomationCondition>().notNull(),
    action: jsonb("action").$type<AutomationAction>().notNull(),
    isActive: boolean("is_active").notNull().default(true),
    runCount: integer("run_count").notNull().default(0),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastOutcome: text("last_outcome"),
    lastFailed: boolean("last_failed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("automation_rules_workspace_created_idx").on(table.workspaceId, table.createdAt)],
);
