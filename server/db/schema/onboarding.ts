import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * The dashboard's setup checklist, per workspace. Its steps are read from the workspace's own
 * rows; only what no other row records is kept here: that the team chose to work on the built-in
 * carrier simulator instead of a phone number, and that the owner put the finished list away.
 */
export const onboardingChecklists = pgTable("onboarding_checklists", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  simulatorChosenAt: timestamp("simulator_chosen_at", { withTimezone: true }),
  dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
});
