CREATE TABLE "generated_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"contact_id" uuid,
	"campaign_id" uuid,
	"place_key" text NOT NULL,
	"phone_e164" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"industry" text NOT NULL,
	"location" text NOT NULL,
	"business_type" text,
	"result_limit" integer DEFAULT 20 NOT NULL,
	"schedule" text DEFAULT 'once' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"leads_generated" integer DEFAULT 0 NOT NULL,
	"duplicates_skipped" integer DEFAULT 0 NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"leads" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generated_leads" ADD CONSTRAINT "generated_leads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_leads" ADD CONSTRAINT "generated_leads_campaign_id_lead_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."lead_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_campaigns" ADD CONSTRAINT "lead_campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_campaigns" ADD CONSTRAINT "lead_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_exports" ADD CONSTRAINT "lead_exports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "generated_leads_workspace_place_idx" ON "generated_leads" USING btree ("workspace_id","place_key");--> statement-breakpoint
CREATE UNIQUE INDEX "generated_leads_workspace_phone_idx" ON "generated_leads" USING btree ("workspace_id","phone_e164") WHERE "generated_leads"."phone_e164" is not null;--> statement-breakpoint
CREATE INDEX "generated_leads_workspace_created_idx" ON "generated_leads" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_campaigns_workspace_created_idx" ON "lead_campaigns" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_campaigns_due_idx" ON "lead_campaigns" USING btree ("next_run_at") WHERE "lead_campaigns"."status" = 'active' and "lead_campaigns"."next_run_at" is not null;--> statement-breakpoint
CREATE INDEX "lead_exports_workspace_created_idx" ON "lead_exports" USING btree ("workspace_id","created_at");