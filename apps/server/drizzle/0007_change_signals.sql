-- Every committed write to a table that cached answers are made from is signalled on the portal_changes
-- channel, so that every instance (and, embedded, the process itself) drops what has gone stale, whoever
-- wrote: 'u:<id>,<id>…' names the users whose rows changed (at most 32), 't:<table>' the whole table.
-- Statement-level triggers with transition tables: a bulk write costs one signal, not one per row.
CREATE FUNCTION portal_signal_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int;
  named int;
  ids text;
BEGIN
  IF TG_NARGS = 0 OR TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('portal_changes', 't:' || TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  EXECUTE format(
    'SELECT count(*)::int, count(u)::int, string_agg(u::text, %L) FROM (SELECT DISTINCT %I AS u FROM %s LIMIT 33) x',
    ',',
    TG_ARGV[0],
    CASE TG_OP
      WHEN 'INSERT' THEN 'new_rows'
      WHEN 'DELETE' THEN 'old_rows'
      ELSE format('(SELECT %1$I FROM new_rows UNION ALL SELECT %1$I FROM old_rows) r', TG_ARGV[0])
    END)
    INTO n, named, ids;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  -- Many users, or rows of no user (a document shared with every investor): the whole table.
  IF n > 32 OR named < n THEN
    PERFORM pg_notify('portal_changes', 't:' || TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('portal_changes', 'u:' || ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('users', 'id'), ('refresh_tokens', 'user_id'), ('investments', 'user_id'),
    ('monthly_returns', 'user_id'), ('update_reads', 'user_id'), ('cabin_allowances', 'user_id'),
    ('bookings', 'user_id'), ('booking_nights', 'user_id'), ('documents', 'user_id')
  ) v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER %1$s_signal_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change(%2$L)', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %1$s_signal_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows
      NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change(%2$L)', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %1$s_signal_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change(%2$L)', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %1$s_signal_truncate AFTER TRUNCATE ON %1$I
      FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change()', t.tbl);
  END LOOP;
  FOR t IN SELECT * FROM (VALUES ('projects'), ('updates'), ('perks'), ('project_media'), ('settings')) v(tbl) LOOP
    EXECUTE format('CREATE TRIGGER %1$s_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %1$I
      FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change()', t.tbl);
  END LOOP;
END $$;
