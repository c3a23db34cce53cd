CREATE TABLE "contact_import_files" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "contact_import_files_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "encoding" text;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "committed_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_import_files" ADD CONSTRAINT "contact_import_files_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;