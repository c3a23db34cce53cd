CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"call_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"attendee_name" text,
	"attendee_email" text,
	"attendee_phone" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"google_event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocked_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"caller_name" text,
	"direction" text DEFAULT 'inbound' NOT NULL,
	"classification" text,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_on_hold" boolean DEFAULT false NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"duration" integer DEFAULT 0 NOT NULL,
	"transcript" text DEFAULT '' NOT NULL,
	"ai_response" text,
	"sentiment" text,
	"customer_satisfaction" integer,
	"follow_up_required" boolean DEFAULT false NOT NULL,
	"importance" integer DEFAULT 1 NOT NULL,
	"action_taken" text DEFAULT '' NOT NULL,
	"notes" text,
	"summary" text,
	"analysis" jsonb,
	"engine_state" jsonb,
	"recording_url" text,
	"call_type" text DEFAULT 'simulation' NOT NULL,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"phone_e164" text,
	"email" text,
	"company" text,
	"preferred_contact_method" text DEFAULT 'phone' NOT NULL,
	"communication_channels" jsonb,
	"mailing_address" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"notes" text,
	"last_called" timestamp with time zone,
	"call_count" integer DEFAULT 0 NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"lead_source" text DEFAULT 'manual' NOT NULL,
	"address" text,
	"website" text,
	"industry" text,
	"business_type" text,
	"lead_score" integer DEFAULT 0 NOT NULL,
	"last_contact_attempt" timestamp with time zone,
	"contact_status" text DEFAULT 'new' NOT NULL,
	"preferred_contact_time" text,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"serp_api_data" jsonb,
	"campaign_id" uuid,
	"import_batch" text,
	"upload_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_settings" ADD COLUMN "buffer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_numbers" ADD CONSTRAINT "blocked_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_user_start_idx" ON "appointments" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "appointments_user_phone_idx" ON "appointments" USING btree ("user_id","attendee_phone");--> statement-breakpoint
CREATE INDEX "appointments_call_idx" ON "appointments" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "blocked_numbers_user_phone_idx" ON "blocked_numbers" USING btree ("user_id","phone_number");--> statement-breakpoint
CREATE INDEX "calls_user_created_idx" ON "calls" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_user_active_idx" ON "calls" USING btree ("user_id","start_time" DESC NULLS LAST) WHERE "calls"."is_active";--> statement-breakpoint
CREATE INDEX "calls_user_classification_idx" ON "calls" USING btree ("user_id","classification","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_user_duration_idx" ON "calls" USING btree ("user_id","duration");--> statement-breakpoint
CREATE INDEX "calls_user_importance_idx" ON "calls" USING btree ("user_id","importance");--> statement-breakpoint
CREATE INDEX "contacts_user_created_idx" ON "contacts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_user_phone_idx" ON "contacts" USING btree ("user_id","phone_e164");