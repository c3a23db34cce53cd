CREATE TABLE "workspace_data_holds" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"keep_until" date NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_deletion_notices" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"deletes_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspace_data_holds" ADD CONSTRAINT "workspace_data_holds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_data_holds" ADD CONSTRAINT "workspace_data_holds_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletion_notices" ADD CONSTRAINT "data_deletion_notices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_ended_at_idx" ON "subscriptions" USING btree ("ended_at") WHERE "subscriptions"."ended_at" is not null;--> statement-breakpoint
CREATE INDEX "calls_recording_created_idx" ON "calls" USING btree ("created_at","id") WHERE "calls"."recording_url" is not null;--> statement-breakpoint
CREATE INDEX "voicemails_audio_created_idx" ON "voicemails" USING btree ("created_at","id") WHERE "voicemails"."audio_path" is not null or "voicemails"."recording_url" is not null;--> statement-breakpoint
-- Workspaces already back on Free after a trial or plan ended: every path to Free set the
-- period's start to the end, after the row was made (a row made on Free starts when it is made).
-- Their owners are warned before anything is deleted (never sooner than the warning's days).
UPDATE "subscriptions" SET "ended_at" = "current_period_start"
  WHERE "plan_type" = 'free' AND "current_period_start" > "created_at" + interval '1 minute';
