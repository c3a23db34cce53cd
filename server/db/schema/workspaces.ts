import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * What a plan, calls, settings and usage belong to. Every sign-up creates one whose
 * owner is the new user; the workspaces made for accounts that existed before teams have the
 * same id as their user, so nothing a person kept moved.
 */
export const workspaces = pgTable(
  "workspaces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The plan in effect, kept equal to the subscription's (billing owns both). */
    planType: text("plan_type").notNull().default("personal"),
    /** "Today", working hours and months of usage are counted in this zone. */
    timezone: text("timezone").notNull().default("America/New_York"),
    /** ISO 3166 alpha-2: the country a phone number written without +country code is read in. */
    defaultCountry: text("default_country").notNull().default("US"),
    companyName: text("company_name"),
    industry: text("industry"),
    businessDescription: text("business_description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("workspaces_created_at_idx").on(table.createdAt)],
);

/** Who belongs to which workspace, as what: agent < admin < owner (common/workspaces.ts). */
export const memberships = pgTable(
  "memberships",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index("memberships_user_idx").on(table.userId),
    // One owner per workspace, enforced by the database: a transfer swaps roles in one transaction.
    uniqueIndex("memberships_one_owner_idx").on(table.workspaceId).where(sql`${table.role} = 'owner'`),
  ],
);

/** An invitation link to join a workspace; only the token's SHA-256 is kept. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-cased: the account that accepts must have this email. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status").notNull().default("pending"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("invitations_token_hash_idx").on(table.tokenHash),
    index("invitations_workspace_idx").on(table.workspaceId, table.createdAt),
    // At most one pending invitation per email and workspace: a second invite renews the first.
    uniqueIndex("invitations_pending_email_idx")
      .on(table.workspaceId, table.email)
      .where(sql`${table.status} = 'pending'`),
  ],
);
