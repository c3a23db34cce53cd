import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { SystemConfig } from "../../../common/admin";
import { users } from "./users";

/**
 * Platform administration (issue 16). A suspended person is a row here: the admin area owns
 * the suspension, the auth area keeps owning the person.
 */
export const userSuspensions = pgTable("user_suspensions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  suspendedAt: timestamp("suspended_at", { withTimezone: true }).notNull().defaultNow(),
  /** The administrator who suspended (null once that account is gone). */
  suspendedBy: uuid("suspended_by").references(() => users.id, { onDelete: "set null" }),
});

/** Every admin action and security event: who, when, from where, what changed. Never updated. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").notNull(),
    // Kept as plain ids (no foreign key): the log outlives the accounts it names.
    actorId: uuid("actor_id"),
    actorName: text("actor_name"),
    targetId: uuid("target_id"),
    ip: text("ip"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index("admin_audit_log_at_idx").on(table.at),
    index("admin_audit_log_action_at_idx").on(table.action, table.at),
  ],
);

/** The platform's one configuration row (id 1); absent means spec 3 §9's defaults. */
export const platformConfig = pgTable("platform_config", {
  id: integer("id").primaryKey(),
  config: jsonb("config").$type<Partial<SystemConfig>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by"),
});
