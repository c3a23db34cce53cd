CREATE TABLE "contact_bulk_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"type" text NOT NULL,
	"params" jsonb NOT NULL,
	"filter" jsonb,
	"ids" uuid[],
	"as_of" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"cursor_created" timestamp with time zone,
	"cursor_id" uuid,
	"undo_cursor" uuid,
	"job_id" uuid,
	"undo_job_id" uuid,
	"restored" integer DEFAULT 0 NOT NULL,
	"kept" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_bulk_undo" (
	"bulk_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"updated_before" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"tags_before" text[],
	"tags_after" text[],
	"status_before" text,
	"listed_number" text,
	"row" jsonb,
	"phone_log_ids" uuid[],
	"list_ids" uuid[],
	"lead_id" uuid,
	CONSTRAINT "contact_bulk_undo_bulk_id_contact_id_pk" PRIMARY KEY("bulk_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contact_list_members" (
	"segment_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"bulk_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_list_members_segment_id_contact_id_pk" PRIMARY KEY("segment_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contact_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"kind" text DEFAULT 'filter' NOT NULL,
	"filter" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_bulk_actions" ADD CONSTRAINT "contact_bulk_actions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_bulk_actions" ADD CONSTRAINT "contact_bulk_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_bulk_undo" ADD CONSTRAINT "contact_bulk_undo_bulk_id_contact_bulk_actions_id_fk" FOREIGN KEY ("bulk_id") REFERENCES "public"."contact_bulk_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_segment_id_contact_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."contact_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_segments" ADD CONSTRAINT "contact_segments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_segments" ADD CONSTRAINT "contact_segments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_bulk_actions_workspace_created_idx" ON "contact_bulk_actions" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_bulk_actions_one_running_idx" ON "contact_bulk_actions" USING btree ("workspace_id") WHERE "contact_bulk_actions"."status" in ('queued', 'running', 'undoing');--> statement-breakpoint
CREATE INDEX "contact_bulk_undo_listed_idx" ON "contact_bulk_undo" USING btree ("bulk_id","listed_number") WHERE "contact_bulk_undo"."listed_number" is not null;--> statement-breakpoint
CREATE INDEX "contact_list_members_contact_idx" ON "contact_list_members" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_list_members_bulk_idx" ON "contact_list_members" USING btree ("bulk_id") WHERE "contact_list_members"."bulk_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_segments_workspace_name_idx" ON "contact_segments" USING btree ("workspace_id",lower("name"));