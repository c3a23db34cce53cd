DROP INDEX "contacts_workspace_favorite_idx";--> statement-breakpoint
DROP INDEX "contacts_workspace_do_not_call_idx";--> statement-breakpoint
DROP INDEX "contacts_workspace_no_phone_idx";--> statement-breakpoint
CREATE INDEX "contacts_workspace_favorite_idx" ON "contacts" USING btree ("workspace_id","created_at","id","name","lead_score","last_called","updated_at") WHERE "contacts"."is_favorite";--> statement-breakpoint
CREATE INDEX "contacts_workspace_do_not_call_idx" ON "contacts" USING btree ("workspace_id","created_at","id","name","lead_score","last_called","updated_at") WHERE "contacts"."do_not_call";--> statement-breakpoint
CREATE INDEX "contacts_workspace_no_phone_idx" ON "contacts" USING btree ("workspace_id","created_at","id","name","lead_score","last_called","updated_at") WHERE "contacts"."phone_number" is null;