DROP INDEX "contacts_workspace_created_idx";--> statement-breakpoint
CREATE INDEX "contacts_workspace_created_idx" ON "contacts" USING btree ("workspace_id","created_at","id");