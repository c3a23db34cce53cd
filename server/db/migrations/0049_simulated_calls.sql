ALTER TABLE "calls" ADD COLUMN "simulated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The calls the built-in carrier simulator carried are marked simulated. Those a campaign, a
-- Dial, bulk calls or "Ring my number" made there ('simulator') are a team's work, no longer test
-- calls: they count in every figure from now on (the call_counts triggers move their counts).
UPDATE "calls" SET "simulated" = true WHERE "call_type" IN ('simulator', 'system_test');--> statement-breakpoint
UPDATE "calls" SET "is_test" = false WHERE "call_type" = 'simulator' AND "is_test";
