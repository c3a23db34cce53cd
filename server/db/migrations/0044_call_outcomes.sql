ALTER TABLE "ai_settings" ADD COLUMN "ai_disclosure" text DEFAULT 'outbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "disposition" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "agent_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "scheduled_callback" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "do_not_call_numbers" ADD COLUMN "call_id" uuid;--> statement-breakpoint
CREATE INDEX "calls_workspace_contact_idx" ON "calls" USING btree ("workspace_id","contact_id","created_at") WHERE "calls"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "calls_workspace_agent_idx" ON "calls" USING btree ("workspace_id","agent_id","created_at") WHERE "calls"."agent_id" is not null;