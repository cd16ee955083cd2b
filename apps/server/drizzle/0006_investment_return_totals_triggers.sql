-- investments.returns_from_months and months_recorded follow monthly_returns: statement-level triggers
-- with transition tables, so that a bulk insert of millions of months costs one grouped update.
CREATE FUNCTION monthly_returns_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE investments i
       SET returns_from_months = i.returns_from_months + d.total, months_recorded = i.months_recorded + d.n
      FROM (SELECT user_id, project_id, sum(amount) AS total, count(*)::int AS n FROM new_rows GROUP BY 1, 2) d
     WHERE i.user_id = d.user_id AND i.project_id = d.project_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE investments i
       SET returns_from_months = i.returns_from_months - d.total, months_recorded = i.months_recorded - d.n
      FROM (SELECT user_id, project_id, sum(amount) AS total, count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
     WHERE i.user_id = d.user_id AND i.project_id = d.project_id;
  ELSE
    UPDATE investments i
       SET returns_from_months = i.returns_from_months + d.total, months_recorded = i.months_recorded + d.n
      FROM (
        SELECT user_id, project_id, sum(amount) AS total, sum(n)::int AS n
          FROM (SELECT user_id, project_id, amount, 1 AS n FROM new_rows
                UNION ALL
                SELECT user_id, project_id, -amount, -1 FROM old_rows) x
         GROUP BY 1, 2
      ) d
     WHERE i.user_id = d.user_id AND i.project_id = d.project_id AND (d.total <> 0 OR d.n <> 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER monthly_returns_roll_up_insert AFTER INSERT ON monthly_returns
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION monthly_returns_roll_up();
--> statement-breakpoint
CREATE TRIGGER monthly_returns_roll_up_update AFTER UPDATE ON monthly_returns
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION monthly_returns_roll_up();
--> statement-breakpoint
CREATE TRIGGER monthly_returns_roll_up_delete AFTER DELETE ON monthly_returns
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION monthly_returns_roll_up();
--> statement-breakpoint
-- An investment created (or moved) where months are already recorded starts from them.
CREATE FUNCTION investments_roll_up_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(sum(amount), 0), count(*)::int
    INTO NEW.returns_from_months, NEW.months_recorded
    FROM monthly_returns
   WHERE user_id = NEW.user_id AND project_id = NEW.project_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER investments_roll_up_months BEFORE INSERT OR UPDATE OF user_id, project_id ON investments
  FOR EACH ROW EXECUTE FUNCTION investments_roll_up_months();
--> statement-breakpoint
UPDATE investments i
   SET returns_from_months = d.total, months_recorded = d.n
  FROM (SELECT user_id, project_id, sum(amount) AS total, count(*)::int AS n FROM monthly_returns GROUP BY 1, 2) d
 WHERE i.user_id = d.user_id AND i.project_id = d.project_id;
