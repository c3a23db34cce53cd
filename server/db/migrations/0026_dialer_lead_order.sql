DROP INDEX "campaign_leads_dialable_idx";--> statement-breakpoint
DROP INDEX "campaign_leads_campaign_status_idx";--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_leads_campaign_seq_idx" ON "campaign_leads" USING btree ("campaign_id","seq");--> statement-breakpoint
CREATE INDEX "campaign_leads_dialable_idx" ON "campaign_leads" USING btree ("campaign_id","priority" DESC NULLS LAST,"next_attempt_at" NULLS FIRST,"seq") WHERE "campaign_leads"."status" in ('new', 'retry', 'callback');--> statement-breakpoint
CREATE INDEX "campaign_leads_campaign_status_idx" ON "campaign_leads" USING btree ("campaign_id","status","seq");