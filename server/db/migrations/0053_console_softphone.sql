CREATE TABLE "softphone_apps" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"account_sid" text NOT NULL,
	"api_key_sid" text NOT NULL,
	"api_key_secret_encrypted" text NOT NULL,
	"twiml_app_sid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "wrap_up_seconds" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "dispositions" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "script_id" uuid;--> statement-breakpoint
ALTER TABLE "dial_attempts" ADD COLUMN "softphone" jsonb;--> statement-breakpoint
ALTER TABLE "dialer_agent_sessions" ADD COLUMN "wrap_up_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dialer_agent_sessions" ADD COLUMN "softphone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "softphone_apps" ADD CONSTRAINT "softphone_apps_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_script_id_ai_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."ai_scripts"("id") ON DELETE set null ON UPDATE no action;