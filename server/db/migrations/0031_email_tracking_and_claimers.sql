ALTER TABLE "email_campaigns" ADD COLUMN "track_opens" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "track_clicks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "clicked_at" timestamp with time zone;