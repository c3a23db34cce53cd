-- Test calls (system test, voice demo, the carrier simulator) are marked, so History can hide
-- them and no figure counts them; live calls remember their last activity for the idle sweep.
ALTER TABLE "calls" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Neither update moves a counter: the row trigger watches class, status, liveness and duration.
UPDATE "calls" SET "is_test" = true WHERE "call_type" IN ('system_test', 'demo', 'simulator');--> statement-breakpoint
UPDATE "calls" SET "last_activity_at" = "start_time" WHERE "is_active";--> statement-breakpoint
CREATE INDEX "calls_user_test_idx" ON "calls" USING btree ("user_id","created_at","id") WHERE "calls"."is_test";--> statement-breakpoint
CREATE INDEX "calls_active_activity_idx" ON "calls" USING btree ("last_activity_at") WHERE "calls"."is_active";--> statement-breakpoint
-- The counters gain is_test as part of their key, so every figure can leave test calls out.
ALTER TABLE "call_counts" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "call_counts" DROP CONSTRAINT "call_counts_user_id_classification_status_is_active_pk";--> statement-breakpoint
ALTER TABLE "call_counts" ADD CONSTRAINT "call_counts_user_id_classification_status_is_active_is_test_pk" PRIMARY KEY("user_id","classification","status","is_active","is_test");--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO call_counts (user_id, classification, status, is_active, is_test, n, duration_sum)
    SELECT user_id, coalesce(classification, ''), status, is_active, is_test, count(*), coalesce(sum(duration), 0)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, classification, status, is_active, is_test)
    DO UPDATE SET n = call_counts.n + excluded.n, duration_sum = call_counts.duration_sum + excluded.duration_sum;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE call_counts c SET n = c.n - d.n, duration_sum = c.duration_sum - d.s
    FROM (SELECT user_id, coalesce(classification, '') AS classification, status, is_active, is_test,
                 count(*) AS n, coalesce(sum(duration), 0) AS s
          FROM old_rows GROUP BY 1, 2, 3, 4, 5) d
    WHERE c.user_id = d.user_id AND c.classification = d.classification AND c.status = d.status
      AND c.is_active = d.is_active AND c.is_test = d.is_test;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_counts SET n = n - 1, duration_sum = duration_sum - OLD.duration
  WHERE user_id = OLD.user_id AND classification = coalesce(OLD.classification, '')
    AND status = OLD.status AND is_active = OLD.is_active AND is_test = OLD.is_test;
  INSERT INTO call_counts (user_id, classification, status, is_active, is_test, n, duration_sum)
  VALUES (NEW.user_id, coalesce(NEW.classification, ''), NEW.status, NEW.is_active, NEW.is_test, 1, NEW.duration)
  ON CONFLICT (user_id, classification, status, is_active, is_test)
  DO UPDATE SET n = call_counts.n + 1, duration_sum = call_counts.duration_sum + excluded.duration_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS calls_counts_update ON calls;--> statement-breakpoint
CREATE TRIGGER calls_counts_update AFTER UPDATE OF user_id, classification, status, is_active, is_test, duration ON calls
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.classification IS DISTINCT FROM NEW.classification
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.is_test IS DISTINCT FROM NEW.is_test OR OLD.duration IS DISTINCT FROM NEW.duration)
  EXECUTE FUNCTION call_counts_move();--> statement-breakpoint
-- Recount once with the new key (the test calls marked above move to their own rows).
DELETE FROM call_counts;--> statement-breakpoint
INSERT INTO call_counts (user_id, classification, status, is_active, is_test, n, duration_sum)
SELECT user_id, coalesce(classification, ''), status, is_active, is_test, count(*), coalesce(sum(duration), 0)
FROM calls GROUP BY 1, 2, 3, 4, 5;
