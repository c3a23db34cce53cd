-- Issue 10: the durable job queue (server/jobs), and the key a job dials an outbound call with,
-- so a job run again after a crash finds the call it placed instead of dialling twice.
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"workspace_id" uuid,
	"idempotency_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"progress_message" text,
	"error" text,
	"result" jsonb,
	"lease_id" uuid,
	"locked_until" timestamp with time zone,
	"worker" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_idempotency_key" UNIQUE NULLS NOT DISTINCT("workspace_id","kind","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "dial_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_leased" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished" ON "jobs" USING btree ("finished_at") WHERE "jobs"."finished_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_workspace_dial_key_idx" ON "calls" USING btree ("workspace_id","dial_key") WHERE "calls"."dial_key" is not null;