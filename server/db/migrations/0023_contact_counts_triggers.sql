-- Custom SQL migration file, put your code below! --
-- Keeps contact_counts exact for every write to contacts, whoever makes it (the form, imports,
-- undo, a workspace's deletion, the bench's generator), in the writing transaction.
-- Statement-level with transition tables: an import statement of 5,000 rows updates one counter
-- row once, not 5,000 times. An update that changes no count (a dial's last_called, a note)
-- writes nothing, so it takes no lock on the workspace's counter row.
CREATE OR REPLACE FUNCTION contact_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_counts (workspace_id, total, fresh, converted, score_sum)
    SELECT workspace_id, count(*), count(*) FILTER (WHERE contact_status = 'new'),
           count(*) FILTER (WHERE contact_status = 'converted'), coalesce(sum(lead_score), 0)
    FROM new_rows GROUP BY workspace_id
    ON CONFLICT (workspace_id) DO UPDATE SET
      total = contact_counts.total + excluded.total,
      fresh = contact_counts.fresh + excluded.fresh,
      converted = contact_counts.converted + excluded.converted,
      score_sum = contact_counts.score_sum + excluded.score_sum;
  ELSIF TG_OP = 'DELETE' THEN
    -- An update only: a workspace being deleted takes its counter row with it.
    UPDATE contact_counts c SET
      total = c.total - d.total, fresh = c.fresh - d.fresh,
      converted = c.converted - d.converted, score_sum = c.score_sum - d.score_sum
    FROM (
      SELECT workspace_id, count(*) AS total, count(*) FILTER (WHERE contact_status = 'new') AS fresh,
             count(*) FILTER (WHERE contact_status = 'converted') AS converted,
             coalesce(sum(lead_score), 0) AS score_sum
      FROM old_rows GROUP BY workspace_id
    ) d
    WHERE c.workspace_id = d.workspace_id;
  ELSE
    INSERT INTO contact_counts (workspace_id, total, fresh, converted, score_sum)
    SELECT workspace_id, sum(dt), sum(df), sum(dc), sum(ds)
    FROM (
      SELECT workspace_id, 1 AS dt, (contact_status = 'new')::int AS df,
             (contact_status = 'converted')::int AS dc, lead_score::bigint AS ds
      FROM new_rows
      UNION ALL
      SELECT workspace_id, -1, -(contact_status = 'new')::int, -(contact_status = 'converted')::int,
             -lead_score::bigint
      FROM old_rows
    ) changes
    GROUP BY workspace_id
    HAVING sum(dt) <> 0 OR sum(df) <> 0 OR sum(dc) <> 0 OR sum(ds) <> 0
    ON CONFLICT (workspace_id) DO UPDATE SET
      total = contact_counts.total + excluded.total,
      fresh = contact_counts.fresh + excluded.fresh,
      converted = contact_counts.converted + excluded.converted,
      score_sum = contact_counts.score_sum + excluded.score_sum;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_counts_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply();
--> statement-breakpoint
CREATE TRIGGER contacts_counts_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply();
--> statement-breakpoint
CREATE TRIGGER contacts_counts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply();
--> statement-breakpoint
INSERT INTO contact_counts (workspace_id, total, fresh, converted, score_sum)
SELECT workspace_id, count(*), count(*) FILTER (WHERE contact_status = 'new'),
       count(*) FILTER (WHERE contact_status = 'converted'), coalesce(sum(lead_score), 0)
FROM contacts GROUP BY workspace_id;
