ALTER TABLE "ai_settings" ADD COLUMN "calendar_token" text;--> statement-breakpoint
CREATE INDEX "calls_phone_trgm_idx" ON "calls" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calls_caller_name_trgm_idx" ON "calls" USING gin ("caller_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_calendar_token_unique" UNIQUE("calendar_token");