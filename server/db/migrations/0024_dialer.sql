CREATE TABLE "campaign_do_not_call" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"phone_e164" text NOT NULL,
	"phone_number" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid,
	"phone_number" text NOT NULL,
	"phone_e164" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"company" text,
	"email" text,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"business_type" text,
	"time_zone" text,
	"status" text DEFAULT 'new' NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"call_attempts" integer DEFAULT 0 NOT NULL,
	"last_call_time" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"reserved_for" uuid,
	"disposition" text,
	"notes" text,
	"ai_voice_consent" boolean DEFAULT false NOT NULL,
	"consent_source" text,
	"lead_source" text DEFAULT 'imported' NOT NULL,
	"custom_fields" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'paused' NOT NULL,
	"dialing_mode" text DEFAULT 'predictive' NOT NULL,
	"max_lines" integer DEFAULT 15 NOT NULL,
	"dial_ratio" double precision DEFAULT 2.5 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"retry_minutes" integer DEFAULT 60 NOT NULL,
	"abandoned_retry_minutes" integer DEFAULT 1440 NOT NULL,
	"calling_hours_start" text DEFAULT '08:00' NOT NULL,
	"calling_hours_end" text DEFAULT '21:00' NOT NULL,
	"abandon_target_percent" double precision DEFAULT 2 NOT NULL,
	"voicemail_message" text,
	"business_name" text,
	"callback_number" text,
	"ai_agents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pacing" jsonb,
	"scheduled_start_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"last_tick_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dial_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"attempt_number" integer NOT NULL,
	"dial_key" text NOT NULL,
	"phone_e164" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"call_id" uuid,
	"agent_user_id" uuid,
	"ai_agent_id" uuid,
	"answered_by_person" boolean DEFAULT false NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dialed_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"disposition" text,
	"notes" text,
	"disposed_by" uuid,
	"disposed_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "dialer_agent_sessions" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_id" uuid,
	"current_attempt_id" uuid,
	"preview_lead_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dialer_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"attempt_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"agent_only" boolean DEFAULT false NOT NULL,
	"agent_user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_do_not_call" ADD CONSTRAINT "campaign_do_not_call_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_do_not_call" ADD CONSTRAINT "campaign_do_not_call_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_do_not_call" ADD CONSTRAINT "campaign_do_not_call_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD CONSTRAINT "campaign_leads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD CONSTRAINT "campaign_leads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD CONSTRAINT "campaign_leads_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD CONSTRAINT "campaign_leads_reserved_for_users_id_fk" FOREIGN KEY ("reserved_for") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dial_attempts" ADD CONSTRAINT "dial_attempts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dial_attempts" ADD CONSTRAINT "dial_attempts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dial_attempts" ADD CONSTRAINT "dial_attempts_lead_id_campaign_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."campaign_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dial_attempts" ADD CONSTRAINT "dial_attempts_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dial_attempts" ADD CONSTRAINT "dial_attempts_disposed_by_users_id_fk" FOREIGN KEY ("disposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_agent_sessions" ADD CONSTRAINT "dialer_agent_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_agent_sessions" ADD CONSTRAINT "dialer_agent_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_agent_sessions" ADD CONSTRAINT "dialer_agent_sessions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_agent_sessions" ADD CONSTRAINT "dialer_agent_sessions_current_attempt_id_dial_attempts_id_fk" FOREIGN KEY ("current_attempt_id") REFERENCES "public"."dial_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_agent_sessions" ADD CONSTRAINT "dialer_agent_sessions_preview_lead_id_campaign_leads_id_fk" FOREIGN KEY ("preview_lead_id") REFERENCES "public"."campaign_leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_callbacks" ADD CONSTRAINT "dialer_callbacks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_callbacks" ADD CONSTRAINT "dialer_callbacks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_callbacks" ADD CONSTRAINT "dialer_callbacks_lead_id_campaign_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."campaign_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_callbacks" ADD CONSTRAINT "dialer_callbacks_attempt_id_dial_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."dial_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_callbacks" ADD CONSTRAINT "dialer_callbacks_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialer_callbacks" ADD CONSTRAINT "dialer_callbacks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_do_not_call_phone_idx" ON "campaign_do_not_call" USING btree ("campaign_id","phone_e164");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_leads_campaign_phone_idx" ON "campaign_leads" USING btree ("campaign_id","phone_e164");--> statement-breakpoint
CREATE INDEX "campaign_leads_dialable_idx" ON "campaign_leads" USING btree ("campaign_id","priority" DESC NULLS LAST,"next_attempt_at" NULLS FIRST) WHERE "campaign_leads"."status" in ('new', 'retry', 'callback');--> statement-breakpoint
CREATE INDEX "campaign_leads_campaign_status_idx" ON "campaign_leads" USING btree ("campaign_id","status","created_at");--> statement-breakpoint
CREATE INDEX "campaign_leads_workspace_idx" ON "campaign_leads" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "campaign_leads_contact_idx" ON "campaign_leads" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "campaign_leads_reserved_idx" ON "campaign_leads" USING btree ("reserved_for","next_attempt_at") WHERE "campaign_leads"."reserved_for" is not null;--> statement-breakpoint
CREATE INDEX "campaigns_workspace_created_idx" ON "campaigns" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("status","last_tick_at") WHERE "campaigns"."status" in ('active', 'scheduled');--> statement-breakpoint
CREATE UNIQUE INDEX "dial_attempts_dial_key_idx" ON "dial_attempts" USING btree ("dial_key");--> statement-breakpoint
CREATE UNIQUE INDEX "dial_attempts_lead_attempt_idx" ON "dial_attempts" USING btree ("lead_id","attempt_number");--> statement-breakpoint
CREATE INDEX "dial_attempts_campaign_queued_idx" ON "dial_attempts" USING btree ("campaign_id","queued_at");--> statement-breakpoint
CREATE INDEX "dial_attempts_workspace_queued_idx" ON "dial_attempts" USING btree ("workspace_id","queued_at");--> statement-breakpoint
CREATE INDEX "dial_attempts_workspace_human_idx" ON "dial_attempts" USING btree ("workspace_id","answered_at","state") WHERE "dial_attempts"."answered_by_person";--> statement-breakpoint
CREATE INDEX "dial_attempts_campaign_human_idx" ON "dial_attempts" USING btree ("campaign_id","answered_at","state") WHERE "dial_attempts"."answered_by_person";--> statement-breakpoint
CREATE INDEX "dial_attempts_live_idx" ON "dial_attempts" USING btree ("workspace_id","campaign_id") WHERE "dial_attempts"."state" in ('queued', 'dialing', 'ringing', 'answered', 'connected');--> statement-breakpoint
CREATE INDEX "dial_attempts_agent_idx" ON "dial_attempts" USING btree ("agent_user_id","connected_at");--> statement-breakpoint
CREATE INDEX "dial_attempts_call_idx" ON "dial_attempts" USING btree ("call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dialer_agent_sessions_member_idx" ON "dialer_agent_sessions" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "dialer_agent_sessions_available_idx" ON "dialer_agent_sessions" USING btree ("campaign_id","since") WHERE "dialer_agent_sessions"."status" = 'available';--> statement-breakpoint
CREATE UNIQUE INDEX "dialer_callbacks_pending_lead_idx" ON "dialer_callbacks" USING btree ("lead_id") WHERE "dialer_callbacks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "dialer_callbacks_workspace_due_idx" ON "dialer_callbacks" USING btree ("workspace_id","due_at") WHERE "dialer_callbacks"."status" = 'pending';