-- Updates move a call between counter keys only when its class, status, liveness or duration
-- change. A row-level trigger with a WHEN condition skips the rest (every caller turn rewrites
-- the transcript), where the statement-level one paid for a grouped insert on each turn.
CREATE OR REPLACE FUNCTION call_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_counts SET n = n - 1, duration_sum = duration_sum - OLD.duration
  WHERE user_id = OLD.user_id AND classification = coalesce(OLD.classification, '')
    AND status = OLD.status AND is_active = OLD.is_active;
  INSERT INTO call_counts (user_id, classification, status, is_active, n, duration_sum)
  VALUES (NEW.user_id, coalesce(NEW.classification, ''), NEW.status, NEW.is_active, 1, NEW.duration)
  ON CONFLICT (user_id, classification, status, is_active)
  DO UPDATE SET n = call_counts.n + 1, duration_sum = call_counts.duration_sum + excluded.duration_sum;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS calls_counts_update ON calls;
--> statement-breakpoint
CREATE TRIGGER calls_counts_update AFTER UPDATE OF user_id, classification, status, is_active, duration ON calls
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.classification IS DISTINCT FROM NEW.classification
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.duration IS DISTINCT FROM NEW.duration)
  EXECUTE FUNCTION call_counts_move();
