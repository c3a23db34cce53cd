CREATE TABLE "business_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"business_number_id" uuid NOT NULL,
	"digits" text NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"forward_to" text,
	"agent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_hours" (
	"business_number_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	CONSTRAINT "business_hours_business_number_id_weekday_pk" PRIMARY KEY("business_number_id","weekday")
);
--> statement-breakpoint
CREATE TABLE "business_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"number" text NOT NULL,
	"provider" text NOT NULL,
	"type" text DEFAULT 'main' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"greeting" text NOT NULL,
	"after_hours_action" text DEFAULT 'voicemail' NOT NULL,
	"after_hours_forward_to" text,
	"routing_voice_url" text,
	"routing_applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_extensions" ADD CONSTRAINT "business_extensions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_extensions" ADD CONSTRAINT "business_extensions_business_number_id_business_numbers_id_fk" FOREIGN KEY ("business_number_id") REFERENCES "public"."business_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_extensions" ADD CONSTRAINT "business_extensions_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_business_number_id_business_numbers_id_fk" FOREIGN KEY ("business_number_id") REFERENCES "public"."business_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_numbers" ADD CONSTRAINT "business_numbers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_extensions_number_digits_idx" ON "business_extensions" USING btree ("business_number_id","digits");--> statement-breakpoint
CREATE UNIQUE INDEX "business_numbers_number_idx" ON "business_numbers" USING btree ("number");--> statement-breakpoint
CREATE INDEX "business_numbers_workspace_idx" ON "business_numbers" USING btree ("workspace_id");