import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Requests to support written from Help: who asked, from which workspace, and the priority its
 * plan gave it when it was sent (plans with priority support are answered first). The platform
 * administrator reads them all and replies by email; a workspace never lists another's.
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The person who wrote it; kept (null) if they later delete their account. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Where the reply goes: the person's address when they wrote. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** "priority" on a plan with priority support when it was sent, else "standard". */
    priority: text("priority").notNull(),
    planType: text("plan_type").notNull(),
    /** open, then answered once support replied. */
    status: text("status").notNull().default("open"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    repliedBy: uuid("replied_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The administrator's queue: open ones, priority first, oldest first.
    index("support_requests_queue_idx").on(table.status, table.priority, table.createdAt),
    // A person's own requests (Help) and their daily limit.
    index("support_requests_user_created_idx").on(table.userId, table.createdAt),
    index("support_requests_workspace_idx").on(table.workspaceId),
  ],
);
