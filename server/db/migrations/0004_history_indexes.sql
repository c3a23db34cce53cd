DROP INDEX "calls_user_created_idx";--> statement-breakpoint
DROP INDEX "calls_user_classification_idx";--> statement-breakpoint
DROP INDEX "calls_user_duration_idx";--> statement-breakpoint
DROP INDEX "calls_user_importance_idx";--> statement-breakpoint
CREATE INDEX "calls_user_created_idx" ON "calls" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "calls_user_classification_idx" ON "calls" USING btree ("user_id","classification","created_at","id");--> statement-breakpoint
CREATE INDEX "calls_user_duration_idx" ON "calls" USING btree ("user_id","duration","created_at","id");--> statement-breakpoint
CREATE INDEX "calls_user_importance_idx" ON "calls" USING btree ("user_id","importance","created_at","id");