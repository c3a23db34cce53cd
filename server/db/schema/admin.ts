import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { SystemConfig } from "../../../common/admin";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Platform administration. A suspended person is a row here: the admin area owns
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

/** The platform's one configuration row (id 1); absent means the spec's defaults. */
export const platformConfig = pgTable("platform_config", {
  id: integer("id").primaryKey(),
  config: jsonb("config").$type<Partial<SystemConfig>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by"),
});

/**
 * A one-time sign-in link an administrator hands to a person they added: only the
 * token's SHA-256 is kept; it works once (used_at), before it expires.
 */
export const adminSignInLinks = pgTable(
  "admin_sign_in_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("admin_sign_in_links_token_hash_idx").on(table.tokenHash),
    index("admin_sign_in_links_user_idx").on(table.userId),
  ],
);

/**
 * An administrator's "keep data until" for a workspace whose subscription ended: its data is
 * not deleted before the end of that day (UTC), whatever the Terms' period after the end says.
 */
export const workspaceDataHolds = pgTable("workspace_data_holds", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  keepUntil: date("keep_until", { mode: "string" }).notNull(),
  setBy: uuid("set_by").references(() => users.id, { onDelete: "set null" }),
  setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
});
