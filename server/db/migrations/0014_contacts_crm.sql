CREATE TABLE "contact_import_rejects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"column" text,
	"reason" text NOT NULL,
	"cells" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text,
	"mode" text DEFAULT 'skip' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"job_id" uuid,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"unknown_columns" text[] DEFAULT '{}' NOT NULL,
	"header" text[] DEFAULT '{}' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "do_not_call_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"phone_e164" text NOT NULL,
	"phone_number" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"contact_id" uuid,
	"call_id" uuid,
	"created_by" uuid,
	"phone_number" text NOT NULL,
	"direction" text DEFAULT 'outbound' NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"call_type" text DEFAULT 'dial' NOT NULL,
	"notes" text
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "do_not_call" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(phone_number, '') || ' ' || coalesce(phone_e164, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company, ''))) STORED;--> statement-breakpoint
ALTER TABLE "contact_import_rejects" ADD CONSTRAINT "contact_import_rejects_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_call_numbers" ADD CONSTRAINT "do_not_call_numbers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_call_numbers" ADD CONSTRAINT "do_not_call_numbers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_logs" ADD CONSTRAINT "phone_logs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_logs" ADD CONSTRAINT "phone_logs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_logs" ADD CONSTRAINT "phone_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_import_rejects_import_line_idx" ON "contact_import_rejects" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "contact_imports_workspace_created_idx" ON "contact_imports" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_call_workspace_phone_idx" ON "do_not_call_numbers" USING btree ("workspace_id","phone_e164");--> statement-breakpoint
CREATE INDEX "phone_logs_workspace_contact_idx" ON "phone_logs" USING btree ("workspace_id","contact_id","timestamp");--> statement-breakpoint
CREATE INDEX "contacts_workspace_email_idx" ON "contacts" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "contacts_workspace_name_idx" ON "contacts" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "contacts_workspace_status_created_idx" ON "contacts" USING btree ("workspace_id","contact_status","created_at");--> statement-breakpoint
CREATE INDEX "contacts_workspace_source_created_idx" ON "contacts" USING btree ("workspace_id","lead_source","created_at");--> statement-breakpoint
CREATE INDEX "contacts_workspace_score_idx" ON "contacts" USING btree ("workspace_id","lead_score");--> statement-breakpoint
CREATE INDEX "contacts_workspace_last_called_idx" ON "contacts" USING btree ("workspace_id","last_called");--> statement-breakpoint
CREATE INDEX "contacts_workspace_import_batch_idx" ON "contacts" USING btree ("workspace_id","import_batch");--> statement-breakpoint
CREATE INDEX "contacts_workspace_favorite_idx" ON "contacts" USING btree ("workspace_id","created_at") WHERE "contacts"."is_favorite";--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);