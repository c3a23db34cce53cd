import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** Each workspace's referral code: the end of its referral link, made the first time it is asked for. */
export const referralCodes = pgTable("referral_codes", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A workspace that signed up through another's referral link: signed_up until it first pays,
 * then rewarded (both sides credited once, completedAt set). A workspace is referred at most once.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerWorkspaceId: uuid("referrer_workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The person whose link it was (the referring workspace's owner when it was used). */
    referrerId: uuid("referrer_id").references(() => users.id, { onDelete: "set null" }),
    refereeWorkspaceId: uuid("referee_workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    refereeId: uuid("referee_id").references(() => users.id, { onDelete: "set null" }),
    refereeEmail: text("referee_email").notNull(),
    status: text("status").notNull().default("signed_up"),
    /** "month_credit": each side is credited one month of the plan the referred workspace bought. */
    rewardType: text("reward_type").notNull().default("month_credit"),
    /** The credit each side got, in cents (null until rewarded). */
    rewardValue: integer("reward_value"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("referrals_referee_idx").on(table.refereeWorkspaceId),
    index("referrals_referrer_created_idx").on(table.referrerWorkspaceId, table.createdAt),
    index("referrals_pending_idx").on(table.status),
  ],
);

/** A credit given for a referral, to one side: where it went (Stripe's balance, or recorded here). */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** "stripe" (on the next invoice) or "local" (recorded: no card subscription to credit). */
    provider: text("provider").notNull(),
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("referral_rewards_once_idx").on(table.referralId, table.workspaceId),
    index("referral_rewards_workspace_idx").on(table.workspaceId),
  ],
);
