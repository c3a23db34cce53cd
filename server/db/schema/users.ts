import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name"),
    cellphoneNumber: text("cellphone_number"),
    role: text("role").notNull().default("user"),
    /**
     * When a link sent to `email` was followed; null: the address is unproven and grants nothing
     * that hangs on an address (platform administration through ADMIN_EMAILS).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** An address the person asked to change to, waiting for its link to be followed. */
    pendingEmail: text("pending_email"),
    acceptedTermsAt: timestamp("accepted_terms_at", { withTimezone: true }),
    termsVersion: text("terms_version").default("1.0"),
    /** Where the next sign-in lands: the workspace last switched to (null: the one the person owns). */
    lastWorkspaceId: uuid("last_workspace_id").references((): AnyPgColumn => workspaces.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Usernames and emails are unique whatever their case.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${table.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`),
    index("users_created_at_idx").on(table.createdAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The workspace this session works in; switching changes it, removal from it ends the session. */
    workspaceId: uuid("workspace_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    // SHA-256 of the cookie token: a leaked table cannot be replayed as cookies.
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_idx").on(table.tokenHash),
    index("sessions_user_id_idx").on(table.userId),
    index("sessions_workspace_user_idx").on(table.workspaceId, table.userId),
    index("sessions_expires_at_idx").on(table.expiresAt),
  ],
);

/**
 * Links sent by email that prove a person holds an address: confirming it (after sign-up or
 * an email change) or resetting the password. Only the token's hash is kept; a link works once,
 * for the address it was sent to, until it expires.
 */
export const emailLinks = pgTable(
  "email_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "confirm" (the address becomes the person's verified email) or "reset" (a new password). */
    purpose: text("purpose").notNull(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("email_links_token_hash_idx").on(table.tokenHash),
    index("email_links_user_purpose_idx").on(table.userId, table.purpose),
    index("email_links_expires_at_idx").on(table.expiresAt),
  ],
);

/** Fixed one-minute windows of attempts per key (an IP or an account); rows are pruned as they age. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  count: integer("count").notNull(),
});

/** A person's row; only the auth area reads and writes the table, others get it from the session. */
export type UserRow = typeof users.$inferSelect;
