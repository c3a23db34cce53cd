import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Contact-sales enquiries from /enterprise: who asked, for which enterprise
 * plan, for which workspace. The platform administrator reads them all
 * (GET /api/admin/enterprise-enquiries); a workspace never lists another's.
 */
export const enterpriseEnquiries = pgTable(
  "enterprise_enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The person who sent it; kept (null) if they later delete their account. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    phoneNumber: text("phone_number"),
    /** One of common/plans.ts ENTERPRISE_PLANS' ids. */
    planId: text("plan_id").notNull(),
    expectedConcurrentCalls: integer("expected_concurrent_calls"),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Where sales is with it: new, contacted, won or lost (common/enterprise.ts ENQUIRY_STATUSES). */
    status: text("status").notNull().default("new"),
    /** When the status last changed, and by which administrator (null while it is new). */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    statusChangedBy: uuid("status_changed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    // The administrator's list, newest first.
    index("enterprise_enquiries_created_idx").on(table.createdAt),
    // A person's enquiries today (the daily limit) and a workspace's own.
    index("enterprise_enquiries_user_created_idx").on(table.userId, table.createdAt),
    index("enterprise_enquiries_workspace_idx").on(table.workspaceId),
  ],
);
