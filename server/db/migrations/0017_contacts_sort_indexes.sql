DROP INDEX "contacts_workspace_score_idx";--> statement-breakpoint
DROP INDEX "contacts_workspace_last_called_idx";--> statement-breakpoint
CREATE INDEX "contacts_workspace_updated_idx" ON "contacts" USING btree ("workspace_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_workspace_do_not_call_idx" ON "contacts" USING btree ("workspace_id","created_at") WHERE "contacts"."do_not_call";--> statement-breakpoint
CREATE INDEX "contacts_workspace_score_idx" ON "contacts" USING btree ("workspace_id","lead_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_workspace_last_called_idx" ON "contacts" USING btree ("workspace_id","last_called" DESC NULLS LAST,"id" DESC NULLS LAST);