CREATE TABLE "enterprise_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"phone_number" text,
	"plan_id" text NOT NULL,
	"expected_concurrent_calls" integer,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enterprise_enquiries" ADD CONSTRAINT "enterprise_enquiries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_enquiries" ADD CONSTRAINT "enterprise_enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enterprise_enquiries_created_idx" ON "enterprise_enquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "enterprise_enquiries_user_created_idx" ON "enterprise_enquiries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "enterprise_enquiries_workspace_idx" ON "enterprise_enquiries" USING btree ("workspace_id");