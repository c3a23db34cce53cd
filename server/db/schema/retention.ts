import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * The warning an owner was sent before their ended workspace's data is deleted: one per
 * workspace, naming the day it promised. A later day (an administrator's extension, a new
 * subscription that ended again) gets a warning of its own; the data is never deleted before
 * the day the last warning named.
 */
export const dataDeletionNotices = pgTable("data_deletion_notices", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  deletesAt: timestamp("deletes_at", { withTimezone: true }).notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});
