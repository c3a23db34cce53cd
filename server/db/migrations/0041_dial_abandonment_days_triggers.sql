-- Custom SQL migration file, put your code below! --
-- Keeps dial_abandonment_days exact for every write to dial_attempts, whoever makes it (the
-- dialer's webhooks, recovery, a campaign's deletion), in the writing transaction. Row triggers
-- with WHEN conditions: the many state changes that do not touch an answer by a person (queued,
-- dialing, ringing, connected, completed) are filtered out before any function runs.
CREATE OR REPLACE FUNCTION dial_abandonment_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.answered_by_person THEN
    UPDATE dial_abandonment_days SET
      human_answered = human_answered - 1,
      abandoned = abandoned - (OLD.state = 'abandoned')::int
    WHERE campaign_id = OLD.campaign_id
      AND day = (coalesce(OLD.answered_at, OLD.queued_at) AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.answered_by_person THEN
    INSERT INTO dial_abandonment_days AS d (campaign_id, day, human_answered, abandoned)
    VALUES (NEW.campaign_id, (coalesce(NEW.answered_at, NEW.queued_at) AT TIME ZONE 'UTC')::date, 1,
            (NEW.state = 'abandoned')::int)
    ON CONFLICT (campaign_id, day) DO UPDATE SET
      human_answered = d.human_answered + 1,
      abandoned = d.abandoned + excluded.abandoned;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dial_attempts_abandonment_insert AFTER INSERT ON dial_attempts
  FOR EACH ROW WHEN (NEW.answered_by_person) EXECUTE FUNCTION dial_abandonment_days_apply();
--> statement-breakpoint
CREATE TRIGGER dial_attempts_abandonment_update AFTER UPDATE ON dial_attempts
  FOR EACH ROW WHEN (
    (OLD.answered_by_person OR NEW.answered_by_person) AND (
      OLD.answered_by_person IS DISTINCT FROM NEW.answered_by_person
      OR (OLD.state = 'abandoned') IS DISTINCT FROM (NEW.state = 'abandoned')
      OR coalesce(OLD.answered_at, OLD.queued_at) IS DISTINCT FROM coalesce(NEW.answered_at, NEW.queued_at)
      OR OLD.campaign_id IS DISTINCT FROM NEW.campaign_id))
  EXECUTE FUNCTION dial_abandonment_days_apply();
--> statement-breakpoint
CREATE TRIGGER dial_attempts_abandonment_delete AFTER DELETE ON dial_attempts
  FOR EACH ROW WHEN (OLD.answered_by_person) EXECUTE FUNCTION dial_abandonment_days_apply();
--> statement-breakpoint
INSERT INTO dial_abandonment_days (campaign_id, day, human_answered, abandoned)
SELECT campaign_id, (coalesce(answered_at, queued_at) AT TIME ZONE 'UTC')::date, count(*),
       count(*) FILTER (WHERE state = 'abandoned')
FROM dial_attempts WHERE answered_by_person
GROUP BY 1, 2;
