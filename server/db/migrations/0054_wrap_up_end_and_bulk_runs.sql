DROP INDEX "calls_workspace_unkeyed_idx";--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "bulk_run" text;--> statement-breakpoint
ALTER TABLE "dial_attempts" ADD COLUMN "wrap_up_ended_at" timestamp with time zone;--> statement-breakpoint
-- Bulk calls placed before this migration take their run's name from the calls.bulk job that
-- placed them (their key is "<job id>:<index>"), for the jobs still kept.
UPDATE "calls" c SET "bulk_run" = CASE
    WHEN coalesce(btrim(j."payload"->>'callPurpose'), '') = '' THEN 'Bulk calls'
    ELSE 'Bulk call: ' || btrim(j."payload"->>'callPurpose') END
  FROM "jobs" j
  WHERE j."kind" = 'calls.bulk' AND c."dial_key" IS NOT NULL AND c."workspace_id" = j."workspace_id"
    AND split_part(c."dial_key", ':', 1) = j."id"::text;--> statement-breakpoint
CREATE INDEX "calls_workspace_reported_idx" ON "calls" USING btree ("workspace_id","created_at") WHERE "calls"."dial_key" is null or "calls"."bulk_run" is not null;
