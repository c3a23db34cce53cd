CREATE TABLE "call_counts" (
	"user_id" uuid NOT NULL,
	"classification" text NOT NULL,
	"status" text NOT NULL,
	"is_active" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"duration_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_counts_user_id_classification_status_is_active_pk" PRIMARY KEY("user_id","classification","status","is_active")
);
--> statement-breakpoint
ALTER TABLE "call_counts" ADD CONSTRAINT "call_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;