-- Reports (server/features/reports) count a range of calls at request time. The calls outside
-- the autodialer are read through a partial index of the calls no background job placed, so a
-- workspace whose calls are the autodialer's reads none of them there.
CREATE INDEX IF NOT EXISTS "calls_workspace_unkeyed_idx" ON "calls" USING btree ("workspace_id","created_at") WHERE "calls"."dial_key" is null;--> statement-breakpoint
-- The reports group a range's rows by day, and by hour (or quarter hour) of the day, of an
-- expression of the time. For an expression of one column the planner assumes as many groups as
-- the column has values (one a row for a timestamp): it would sort a million rows instead of
-- hashing a few thousand groups, and never split the work between parallel workers. These
-- statistics tell it how few groups there are. The expressions are written exactly as
-- server/features/reports/tallies.ts writes them (a statistics object is matched by its text).
CREATE STATISTICS IF NOT EXISTS "dial_attempts_report_days" (ndistinct) ON "campaign_id", "agent_user_id", "ai_agent_id", "disposition", (floor(date_part('epoch', "queued_at" - '1970-01-01 00:00:00+00'::timestamptz))::int8 / 86400) FROM "dial_attempts";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "dial_attempts_report_hours" ON (floor(date_part('epoch', "queued_at" - '1970-01-01 00:00:00+00'::timestamptz))::int8 / 3600 % 24) FROM "dial_attempts";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "dial_attempts_report_quarters" ON (floor(date_part('epoch', "queued_at" - '1970-01-01 00:00:00+00'::timestamptz))::int8 / 900 % 96) FROM "dial_attempts";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "calls_report_days" (ndistinct) ON (coalesce("engine_state" #>> '{assistant,agentId}', "agent_id"::text)), "direction", "disposition", ("analysis" is not null and "disposition" is distinct from 'voicemail'), (floor(date_part('epoch', "created_at" - '1970-01-01 00:00:00+00'::timestamptz))::int8 / 86400) FROM "calls";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "calls_report_hours" ON (floor(date_part('epoch', "created_at" - '1970-01-01 00:00:00+00'::timestamptz))::int8 / 3600 % 24) FROM "calls";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "calls_report_quarters" ON (floor(date_part('epoch', "created_at" - '1970-01-01 00:00:00+00'::timestamptz))::int8 / 900 % 96) FROM "calls";
