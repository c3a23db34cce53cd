ALTER TABLE "contacts" ALTER COLUMN "timezone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "timezone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "ai_voice_consent_at" timestamp with time zone;--> statement-breakpoint
-- The old default said New York for everyone: nobody chose it, so the number's own zone applies.
UPDATE "contacts" SET "timezone" = NULL WHERE "timezone" = 'America/New_York';