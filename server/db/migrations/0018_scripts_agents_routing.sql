CREATE TABLE "agent_call_outcomes" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"classification" text,
	"routing_reason" text,
	"transferred" boolean DEFAULT false NOT NULL,
	"appointment_booked" boolean DEFAULT false NOT NULL,
	"sentiment" text,
	"successful" boolean,
	"turns" integer DEFAULT 0 NOT NULL,
	"response_ms_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"turns" jsonb NOT NULL,
	"expected_agent_id" uuid,
	"expected_classification" text,
	"expect_transfer" boolean,
	"script_id" uuid,
	"direction" text DEFAULT 'inbound' NOT NULL,
	"template_id" text,
	"last_run" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"purpose" text,
	"personality" text,
	"knowledge_base" text,
	"rebuttal_playbook" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closing_style" text,
	"status" text DEFAULT 'inactive' NOT NULL,
	"specialization" text DEFAULT 'general' NOT NULL,
	"voice" text DEFAULT 'professional' NOT NULL,
	"response_speed" real NOT NULL,
	"empathy_level" integer NOT NULL,
	"assertiveness_level" integer NOT NULL,
	"max_call_duration" integer NOT NULL,
	"transfer_threshold" real NOT NULL,
	"voice_settings" jsonb NOT NULL,
	"ai_settings" jsonb NOT NULL,
	"languages" jsonb DEFAULT '["English"]'::jsonb NOT NULL,
	"primary_language" text DEFAULT 'English' NOT NULL,
	"script" text,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"objection_handling" text,
	"sales_techniques" text,
	"conversation_style" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"agent_id" uuid NOT NULL,
	"response" text NOT NULL,
	"next_action" text DEFAULT 'continue' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agent_id" uuid NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"conditions" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telecom_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"specialization" text DEFAULT 'general' NOT NULL,
	"providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"personality" text,
	"script" text,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"response_style" text DEFAULT 'professional' NOT NULL,
	"max_call_duration" integer DEFAULT 15 NOT NULL,
	"transfer_threshold" integer DEFAULT 3 NOT NULL,
	"sales_goals" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_scripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"description" text,
	"script_type" text DEFAULT 'inbound' NOT NULL,
	"opening_message" text NOT NULL,
	"conversation_flow" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"business_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transfer_rules" jsonb NOT NULL,
	"appointment_settings" jsonb NOT NULL,
	"voice_settings" jsonb NOT NULL,
	"personality_traits" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"template_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "script_template_usage" (
	"template_id" text PRIMARY KEY NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_call_outcomes" ADD CONSTRAINT "agent_call_outcomes_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_call_outcomes" ADD CONSTRAINT "agent_call_outcomes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_call_outcomes" ADD CONSTRAINT "agent_call_outcomes_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tests" ADD CONSTRAINT "agent_tests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tests" ADD CONSTRAINT "agent_tests_expected_agent_id_ai_agents_id_fk" FOREIGN KEY ("expected_agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tests" ADD CONSTRAINT "agent_tests_script_id_ai_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."ai_scripts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD CONSTRAINT "ai_agents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_flows" ADD CONSTRAINT "conversation_flows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_flows" ADD CONSTRAINT "conversation_flows_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telecom_agents" ADD CONSTRAINT "telecom_agents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scripts" ADD CONSTRAINT "ai_scripts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scripts" ADD CONSTRAINT "ai_scripts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_call_outcomes_workspace_agent_idx" ON "agent_call_outcomes" USING btree ("workspace_id","agent_id");--> statement-breakpoint
CREATE INDEX "agent_call_outcomes_agent_idx" ON "agent_call_outcomes" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "agent_tests_workspace_idx" ON "agent_tests" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_agents_workspace_extension_idx" ON "ai_agents" USING btree ("workspace_id","extension");--> statement-breakpoint
CREATE INDEX "ai_agents_workspace_created_idx" ON "ai_agents" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_flows_workspace_idx" ON "conversation_flows" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_flows_agent_idx" ON "conversation_flows" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "routing_rules_workspace_idx" ON "routing_rules" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "routing_rules_agent_idx" ON "routing_rules" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "telecom_agents_workspace_idx" ON "telecom_agents" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_scripts_workspace_created_idx" ON "ai_scripts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_scripts_one_default_idx" ON "ai_scripts" USING btree ("workspace_id") WHERE "ai_scripts"."is_default";