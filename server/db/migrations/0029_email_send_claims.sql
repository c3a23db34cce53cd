ALTER TABLE "email_campaigns" ADD COLUMN "run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "claimed_at" timestamp with time zone;