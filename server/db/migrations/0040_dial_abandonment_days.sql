CREATE TABLE "dial_abandonment_days" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"human_answered" integer DEFAULT 0 NOT NULL,
	"abandoned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dial_abandonment_days_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "dial_abandonment_days" ADD CONSTRAINT "dial_abandonment_days_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;