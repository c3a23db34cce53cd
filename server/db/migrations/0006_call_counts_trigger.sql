-- Keeps call_counts exact for every write to calls, whoever makes it (the engine, imports,
-- the seeding script). Statement-level with transition tables: a bulk insert of 50,000 calls
-- updates a handful of counter rows once, not 50,000 times.
CREATE OR REPLACE FUNCTION call_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO call_counts (user_id, classification, status, is_active, n, duration_sum)
    SELECT user_id, coalesce(classification, ''), status, is_active, count(*), coalesce(sum(duration), 0)
    FROM new_rows GROUP BY 1, 2, 3, 4
    ON CONFLICT (user_id, classification, status, is_active)
    DO UPDATE SET n = call_counts.n + excluded.n, duration_sum = call_counts.duration_sum + excluded.duration_sum;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE call_counts c SET n = c.n - d.n, duration_sum = c.duration_sum - d.s
    FROM (SELECT user_id, coalesce(classification, '') AS classification, status, is_active, count(*) AS n,
                 coalesce(sum(duration), 0) AS s
          FROM old_rows GROUP BY 1, 2, 3, 4) d
    WHERE c.user_id = d.user_id AND c.classification = d.classification AND c.status = d.status AND c.is_active = d.is_active;
  ELSE
    -- Only keys whose count or duration changed are written: a transcript update touches nothing.
    INSERT INTO call_counts (user_id, classification, status, is_active, n, duration_sum)
    SELECT user_id, classification, status, is_active, sum(dn), sum(ds)
    FROM (
      SELECT user_id, coalesce(classification, '') AS classification, status, is_active, 1 AS dn, duration AS ds FROM new_rows
      UNION ALL
      SELECT user_id, coalesce(classification, ''), status, is_active, -1, -duration FROM old_rows
    ) changes
    GROUP BY 1, 2, 3, 4
    HAVING sum(dn) <> 0 OR sum(ds) <> 0
    ON CONFLICT (user_id, classification, status, is_active)
    DO UPDATE SET n = call_counts.n + excluded.n, duration_sum = call_counts.duration_sum + excluded.duration_sum;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER calls_counts_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_counts_apply();
--> statement-breakpoint
CREATE TRIGGER calls_counts_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_counts_apply();
--> statement-breakpoint
CREATE TRIGGER calls_counts_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_counts_apply();
--> statement-breakpoint
INSERT INTO call_counts (user_id, classification, status, is_active, n, duration_sum)
SELECT user_id, coalesce(classification, ''), status, is_active, count(*), coalesce(sum(duration), 0)
FROM calls GROUP BY 1, 2, 3, 4;
