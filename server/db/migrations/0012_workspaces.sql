-- Teams (issue 10): workspaces own what users owned. Every existing user gets a workspace with
-- the SAME id, named after the company (business sign-ups) or the person, on the user's plan, in
-- the user's time zone, with the user as its owner; every tenant-owned row then moves from
-- user_id to workspace_id without changing a value. Rows a person made keep them in created_by.
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"plan_type" text DEFAULT 'personal' NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"company_name" text,
	"industry" text,
	"business_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "memberships" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid
);--> statement-breakpoint
INSERT INTO "workspaces" ("id", "name", "plan_type", "timezone", "company_name", "industry", "business_description", "created_at")
SELECT "id", coalesce(nullif(trim("company_name"), ''), nullif(trim("full_name"), ''), "username"),
       "plan_type", "timezone", "company_name", "industry", "business_description", "created_at"
FROM "users";--> statement-breakpoint
INSERT INTO "memberships" ("workspace_id", "user_id", "role", "created_at")
SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "sessions" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
-- Every tenant-owned table: user_id becomes workspace_id, its foreign key now names the workspace.
ALTER TABLE "ai_settings" DROP CONSTRAINT "ai_settings_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "ai_settings" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "usage_tracking" DROP CONSTRAINT "usage_tracking_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "usage_tracking" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "checkout_sessions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "appointments" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "blocked_numbers" DROP CONSTRAINT "blocked_numbers_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "blocked_numbers" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "call_counts" DROP CONSTRAINT "call_counts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "call_counts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "calls" DROP CONSTRAINT "calls_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "calls" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "contacts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "phone_numbers" DROP CONSTRAINT "phone_numbers_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "phone_numbers" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "telephony_connections" DROP CONSTRAINT "telephony_connections_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "telephony_connections" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "voice_profiles" DROP CONSTRAINT "voice_profiles_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "voice_profiles" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "payment_events" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "call_counts" RENAME CONSTRAINT "call_counts_user_id_classification_status_is_active_is_test_pk" TO "call_counts_workspace_id_classification_status_is_active_is_test_pk";--> statement-breakpoint
-- Who made what, where a person matters.
ALTER TABLE "checkout_sessions" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "voice_profiles" ADD COLUMN "created_by" uuid;--> statement-breakpoint
UPDATE "voice_profiles" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "checkout_sessions" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "appointments" SET "created_by" = "workspace_id" WHERE "call_id" IS NULL;--> statement-breakpoint
UPDATE "calls" SET "created_by" = "workspace_id" WHERE "direction" = 'outbound';--> statement-breakpoint
UPDATE "contacts" SET "created_by" = "workspace_id";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_workspace_id_workspaces_id_fk" FOREIGN KEY ("last_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The workspace's fields leave users.
ALTER TABLE "users" DROP COLUMN "plan_type";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "timezone";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "company_name";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "industry";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "business_description";--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_tracking" ADD CONSTRAINT "usage_tracking_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_numbers" ADD CONSTRAINT "blocked_numbers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_counts" ADD CONSTRAINT "call_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_connections" ADD CONSTRAINT "telephony_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_profiles" ADD CONSTRAINT "voice_profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_profiles" ADD CONSTRAINT "voice_profiles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Index names follow the column.
ALTER INDEX "subscriptions_user_id_idx" RENAME TO "subscriptions_workspace_id_idx";--> statement-breakpoint
ALTER INDEX "usage_tracking_user_month_idx" RENAME TO "usage_tracking_workspace_month_idx";--> statement-breakpoint
ALTER INDEX "checkout_sessions_user_idx" RENAME TO "checkout_sessions_workspace_idx";--> statement-breakpoint
ALTER INDEX "appointments_user_start_idx" RENAME TO "appointments_workspace_start_idx";--> statement-breakpoint
ALTER INDEX "appointments_user_status_start_idx" RENAME TO "appointments_workspace_status_start_idx";--> statement-breakpoint
ALTER INDEX "appointments_user_phone_idx" RENAME TO "appointments_workspace_phone_idx";--> statement-breakpoint
ALTER INDEX "blocked_numbers_user_phone_idx" RENAME TO "blocked_numbers_workspace_phone_idx";--> statement-breakpoint
ALTER INDEX "calls_user_created_idx" RENAME TO "calls_workspace_created_idx";--> statement-breakpoint
ALTER INDEX "calls_user_active_idx" RENAME TO "calls_workspace_active_idx";--> statement-breakpoint
ALTER INDEX "calls_user_classification_idx" RENAME TO "calls_workspace_classification_idx";--> statement-breakpoint
ALTER INDEX "calls_user_duration_idx" RENAME TO "calls_workspace_duration_idx";--> statement-breakpoint
ALTER INDEX "calls_user_importance_idx" RENAME TO "calls_workspace_importance_idx";--> statement-breakpoint
ALTER INDEX "calls_user_test_idx" RENAME TO "calls_workspace_test_idx";--> statement-breakpoint
ALTER INDEX "contacts_user_created_idx" RENAME TO "contacts_workspace_created_idx";--> statement-breakpoint
ALTER INDEX "contacts_user_phone_idx" RENAME TO "contacts_workspace_phone_idx";--> statement-breakpoint
ALTER INDEX "phone_numbers_user_idx" RENAME TO "phone_numbers_workspace_idx";--> statement-breakpoint
ALTER INDEX "voice_profiles_user_idx" RENAME TO "voice_profiles_workspace_idx";--> statement-breakpoint
CREATE INDEX "sessions_workspace_user_idx" ON "sessions" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_workspace_idx" ON "invitations" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_idx" ON "invitations" USING btree ("workspace_id","email") WHERE "invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_owner_idx" ON "memberships" USING btree ("workspace_id") WHERE "memberships"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "workspaces_created_at_idx" ON "workspaces" USING btree ("created_at");--> statement-breakpoint
-- The call counters' triggers name their columns in text: rewritten for workspace_id.
CREATE OR REPLACE FUNCTION call_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO call_counts (workspace_id, classification, status, is_active, is_test, n, duration_sum)
    SELECT workspace_id, coalesce(classification, ''), status, is_active, is_test, count(*), coalesce(sum(duration), 0)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (workspace_id, classification, status, is_active, is_test)
    DO UPDATE SET n = call_counts.n + excluded.n, duration_sum = call_counts.duration_sum + excluded.duration_sum;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE call_counts c SET n = c.n - d.n, duration_sum = c.duration_sum - d.s
    FROM (SELECT workspace_id, coalesce(classification, '') AS classification, status, is_active, is_test,
                 count(*) AS n, coalesce(sum(duration), 0) AS s
          FROM old_rows GROUP BY 1, 2, 3, 4, 5) d
    WHERE c.workspace_id = d.workspace_id AND c.classification = d.classification AND c.status = d.status
      AND c.is_active = d.is_active AND c.is_test = d.is_test;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_counts SET n = n - 1, duration_sum = duration_sum - OLD.duration
  WHERE workspace_id = OLD.workspace_id AND classification = coalesce(OLD.classification, '')
    AND status = OLD.status AND is_active = OLD.is_active AND is_test = OLD.is_test;
  INSERT INTO call_counts (workspace_id, classification, status, is_active, is_test, n, duration_sum)
  VALUES (NEW.workspace_id, coalesce(NEW.classification, ''), NEW.status, NEW.is_active, NEW.is_test, 1, NEW.duration)
  ON CONFLICT (workspace_id, classification, status, is_active, is_test)
  DO UPDATE SET n = call_counts.n + 1, duration_sum = call_counts.duration_sum + excluded.duration_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS calls_counts_update ON calls;--> statement-breakpoint
CREATE TRIGGER calls_counts_update AFTER UPDATE OF workspace_id, classification, status, is_active, is_test, duration ON calls
  FOR EACH ROW
  WHEN (OLD.workspace_id IS DISTINCT FROM NEW.workspace_id OR OLD.classification IS DISTINCT FROM NEW.classification
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.is_test IS DISTINCT FROM NEW.is_test OR OLD.duration IS DISTINCT FROM NEW.duration)
  EXECUTE FUNCTION call_counts_move();
