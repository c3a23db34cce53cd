ALTER TABLE "enterprise_enquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprise_enquiries" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enterprise_enquiries" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "enterprise_enquiries" ADD CONSTRAINT "enterprise_enquiries_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;