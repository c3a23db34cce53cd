CREATE TABLE "satellite_installation_slots" (
	"workspace_id" uuid NOT NULL,
	"day" text NOT NULL,
	"slot" text NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "satellite_installation_slots_workspace_id_day_slot_pk" PRIMARY KEY("workspace_id","day","slot"),
	CONSTRAINT "satellite_installation_slots_capacity_check" CHECK ("satellite_installation_slots"."booked" >= 0 AND "satellite_installation_slots"."booked" <= "satellite_installation_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "satellite_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"confirmation_number" text NOT NULL,
	"contact_id" uuid,
	"package_id" uuid,
	"package_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"monthly_equipment_fee_cents" integer NOT NULL,
	"installation_fee_cents" integer NOT NULL,
	"status" text NOT NULL,
	"installation_status" text DEFAULT 'booked' NOT NULL,
	"installation_date" text NOT NULL,
	"installation_slot" text NOT NULL,
	"installation_address" text NOT NULL,
	"phone_number" text,
	"special_instructions" text,
	"checkout_id" uuid,
	"appointment_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "satellite_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"speed" text NOT NULL,
	"data" text NOT NULL,
	"price_cents" integer NOT NULL,
	"stripe_price_id" text NOT NULL,
	"installation_fee_cents" integer DEFAULT 0 NOT NULL,
	"monthly_equipment_fee_cents" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "product" jsonb;--> statement-breakpoint
ALTER TABLE "satellite_installation_slots" ADD CONSTRAINT "satellite_installation_slots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_orders" ADD CONSTRAINT "satellite_orders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_orders" ADD CONSTRAINT "satellite_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_orders" ADD CONSTRAINT "satellite_orders_package_id_satellite_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."satellite_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_orders" ADD CONSTRAINT "satellite_orders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_orders" ADD CONSTRAINT "satellite_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_packages" ADD CONSTRAINT "satellite_packages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "satellite_orders_confirmation_idx" ON "satellite_orders" USING btree ("confirmation_number");--> statement-breakpoint
CREATE UNIQUE INDEX "satellite_orders_checkout_idx" ON "satellite_orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "satellite_orders_workspace_created_idx" ON "satellite_orders" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "satellite_orders_workspace_contact_idx" ON "satellite_orders" USING btree ("workspace_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "satellite_packages_workspace_price_idx" ON "satellite_packages" USING btree ("workspace_id","stripe_price_id");--> statement-breakpoint
CREATE UNIQUE INDEX "satellite_packages_workspace_name_idx" ON "satellite_packages" USING btree ("workspace_id","name");