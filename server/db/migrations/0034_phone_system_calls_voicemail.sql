CREATE TABLE "business_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"business_number_id" uuid NOT NULL,
	"call_sid" text,
	"direction" text NOT NULL,
	"other_number" text NOT NULL,
	"contact_id" uuid,
	"user_phone" text,
	"outcome" text DEFAULT 'ringing' NOT NULL,
	"extension" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration" integer
);
--> statement-breakpoint
CREATE TABLE "voicemails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"business_number_id" uuid NOT NULL,
	"business_call_id" uuid,
	"recording_sid" text NOT NULL,
	"recording_url" text,
	"from_number" text NOT NULL,
	"extension" text,
	"duration" integer DEFAULT 0 NOT NULL,
	"audio_path" text,
	"transcription" text DEFAULT '' NOT NULL,
	"transcription_status" text DEFAULT 'pending' NOT NULL,
	"transcription_error" text,
	"listened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "voice_url" text;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "status_callback_url" text;--> statement-breakpoint
ALTER TABLE "business_calls" ADD CONSTRAINT "business_calls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_calls" ADD CONSTRAINT "business_calls_business_number_id_business_numbers_id_fk" FOREIGN KEY ("business_number_id") REFERENCES "public"."business_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_business_number_id_business_numbers_id_fk" FOREIGN KEY ("business_number_id") REFERENCES "public"."business_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_business_call_id_business_calls_id_fk" FOREIGN KEY ("business_call_id") REFERENCES "public"."business_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_calls_sid_idx" ON "business_calls" USING btree ("call_sid");--> statement-breakpoint
CREATE INDEX "business_calls_workspace_started_idx" ON "business_calls" USING btree ("workspace_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voicemails_recording_idx" ON "voicemails" USING btree ("recording_sid");--> statement-breakpoint
CREATE INDEX "voicemails_workspace_created_idx" ON "voicemails" USING btree ("workspace_id","created_at");