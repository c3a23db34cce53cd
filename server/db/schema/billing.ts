import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** A checkout started by an account: the local provider's order page and Stripe's session alike. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The owner who started the checkout. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    planId: text("plan_id").notNull(),
    provider: text("provider").notNull(),
    /** The provider's own id (Stripe's cs_...); the local provider uses this row's id. */
    providerSessionId: text("provider_session_id"),
    amountCents: integer("amount_cents").notNull(),
    /**
     * Set when the order was started during a trial: the plan keeps the trial's days and is first
     * charged on this day (Stripe's subscription_data.trial_end). Null: charged at once.
     */
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    status: text("status").notNull().default("open"),
    /**
     * Set when the order is for something another area sells (a satellite-internet package):
     * who sells it, what the page shows, and what the seller needs once paid. planId then holds
     * the product's price id. Null: a plan of this app.
     */
    product: jsonb("product").$type<{
      seller: string;
      name: string;
      lines: string[];
      metadata: Record<string, unknown>;
    }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("checkout_sessions_workspace_idx").on(table.workspaceId)],
);

/** Payment webhook events already handled: each event id is processed once. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});
