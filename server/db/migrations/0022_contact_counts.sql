CREATE TABLE "contact_counts" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"fresh" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"score_sum" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_counts" ADD CONSTRAINT "contact_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_workspace_last_attempt_idx" ON "contacts" USING btree ("workspace_id","last_contact_attempt") WHERE "contacts"."last_contact_attempt" is not null;