CREATE TABLE "investor_count" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "investor_count_one_row_check" CHECK ("investor_count"."id")
);
--> statement-breakpoint
CREATE TABLE "monthly_return_totals" (
	"paid_on" date NOT NULL,
	"project_id" uuid NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "monthly_return_totals_paid_on_project_id_pk" PRIMARY KEY("paid_on","project_id")
);
--> statement-breakpoint
CREATE TABLE "notification_count" (
	"slot" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_investment_totals" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"invested" numeric(18, 2) NOT NULL,
	"returns_all_paid" numeric(18, 2) NOT NULL,
	"investments" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "notifications_created_idx";--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at","id");
--> statement-breakpoint
-- A user's notifications go with the user: a statement-level trigger with a transition table (one
-- delete however many users a statement removes) instead of the foreign key, whose check of every row of
-- a broadcast to 100,000 users took 2.2-3.5 s (issue 20). A broadcast racing a user's deletion may leave
-- that user's new rows behind: nobody sees them (every read is the user's own, or joins users), though
-- the admin list's total counts them.
CREATE FUNCTION users_delete_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM notifications;
  ELSE
    DELETE FROM notifications WHERE user_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_delete_notifications AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_delete_notifications();
--> statement-breakpoint
CREATE TRIGGER users_truncate_notifications AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION users_delete_notifications();
--> statement-breakpoint
-- monthly_return_totals: the months of an existing investment summed per day paid and project. Months
-- written change it, and so do investments created, removed or moved, whose months start or stop
-- counting. Each writer adds its signed sums in the order of the key, so that two writers take the rows'
-- locks in the same order. The triggers hand their transition tables over as arrays, so that one
-- function serves inserts, updates and deletes.
CREATE FUNCTION monthly_return_totals_apply(gone monthly_returns[], came monthly_returns[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO monthly_return_totals AS t (paid_on, project_id, amount, n)
  SELECT m.paid_on, m.project_id, sum(m.s * m.amount), sum(m.s)::int
    FROM (
      SELECT user_id, project_id, paid_on, amount, 1 AS s FROM unnest(came)
      UNION ALL
      SELECT user_id, project_id, paid_on, amount, -1 FROM unnest(gone)
    ) m
    JOIN investments i ON i.user_id = m.user_id AND i.project_id = m.project_id
   GROUP BY 1, 2
  HAVING sum(m.s * m.amount) <> 0 OR sum(m.s) <> 0
   ORDER BY 1, 2
  ON CONFLICT (paid_on, project_id) DO UPDATE SET amount = t.amount + excluded.amount, n = t.n + excluded.n;
  IF gone IS NOT NULL THEN
    DELETE FROM monthly_return_totals WHERE n = 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION monthly_returns_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM monthly_return_totals_apply(NULL::monthly_returns[], (SELECT array_agg(r::monthly_returns) FROM new_rows r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM monthly_return_totals_apply((SELECT array_agg(r::monthly_returns) FROM old_rows r), NULL::monthly_returns[]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM monthly_return_totals_apply((SELECT array_agg(r::monthly_returns) FROM old_rows r), (SELECT array_agg(r::monthly_returns) FROM new_rows r));
  ELSE
    DELETE FROM monthly_return_totals;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER monthly_returns_totals_insert AFTER INSERT ON monthly_returns
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION monthly_returns_totals();
--> statement-breakpoint
CREATE TRIGGER monthly_returns_totals_update AFTER UPDATE ON monthly_returns
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION monthly_returns_totals();
--> statement-breakpoint
CREATE TRIGGER monthly_returns_totals_delete AFTER DELETE ON monthly_returns
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION monthly_returns_totals();
--> statement-breakpoint
CREATE TRIGGER monthly_returns_totals_truncate AFTER TRUNCATE ON monthly_returns
  FOR EACH STATEMENT EXECUTE FUNCTION monthly_returns_totals();
--> statement-breakpoint
-- project_investment_totals and investor_count follow investments; an investment created, removed or
-- moved also brings its months into monthly_return_totals or takes them out. `gone` are the rows as they
-- were (deleted, or before an update), `came` as they are now.
CREATE FUNCTION investments_totals_apply(gone investments[], came investments[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  INSERT INTO project_investment_totals AS t (project_id, invested, returns_all_paid, investments)
  SELECT x.project_id, sum(x.s * x.amount), sum(x.s * x.all_paid), sum(x.s)::int
    FROM (
      SELECT project_id, amount, coalesce(CASE WHEN months_recorded > 0 THEN returns_from_months END, returns) AS all_paid,
             1 AS s
        FROM unnest(came)
      UNION ALL
      SELECT project_id, amount, coalesce(CASE WHEN months_recorded > 0 THEN returns_from_months END, returns), -1
        FROM unnest(gone)
    ) x
   GROUP BY 1
  HAVING sum(x.s * x.amount) <> 0 OR sum(x.s * x.all_paid) <> 0 OR sum(x.s) <> 0
   ORDER BY 1
  ON CONFLICT (project_id) DO UPDATE SET invested = t.invested + excluded.invested,
    returns_all_paid = t.returns_all_paid + excluded.returns_all_paid, investments = t.investments + excluded.investments;
  IF gone IS NOT NULL THEN
    DELETE FROM project_investment_totals WHERE investments = 0;
  END IF;

  -- Users who came to hold an investment (their count was 0 before this statement) or ceased to.
  SELECT coalesce(sum((c > 0)::int - (c - d > 0)::int), 0) INTO delta
    FROM (
      SELECT u.d, (SELECT count(*) FROM investments i WHERE i.user_id = u.user_id) AS c
        FROM (
          SELECT user_id, sum(s) AS d
            FROM (SELECT user_id, 1 AS s FROM unnest(came) UNION ALL SELECT user_id, -1 FROM unnest(gone)) x
           GROUP BY 1
          HAVING sum(s) <> 0
        ) u
    ) y;
  IF delta <> 0 THEN
    INSERT INTO investor_count AS t (id, n) VALUES (true, delta) ON CONFLICT (id) DO UPDATE SET n = t.n + excluded.n;
  END IF;

  -- The months of the (user, project) pairs that came or went: updates of anything else cancel out.
  INSERT INTO monthly_return_totals AS t (paid_on, project_id, amount, n)
  SELECT m.paid_on, m.project_id, sum(p.s * m.amount), sum(p.s)::int
    FROM (
      SELECT user_id, project_id, sum(s) AS s
        FROM (SELECT user_id, project_id, 1 AS s FROM unnest(came) UNION ALL SELECT user_id, project_id, -1 FROM unnest(gone)) x
       GROUP BY 1, 2
      HAVING sum(s) <> 0
    ) p
    JOIN monthly_returns m ON m.user_id = p.user_id AND m.project_id = p.project_id
   GROUP BY 1, 2
  HAVING sum(p.s * m.amount) <> 0 OR sum(p.s) <> 0
   ORDER BY 1, 2
  ON CONFLICT (paid_on, project_id) DO UPDATE SET amount = t.amount + excluded.amount, n = t.n + excluded.n;
  IF gone IS NOT NULL THEN
    DELETE FROM monthly_return_totals WHERE n = 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION investments_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM investments_totals_apply(NULL::investments[], (SELECT array_agg(r::investments) FROM new_rows r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM investments_totals_apply((SELECT array_agg(r::investments) FROM old_rows r), NULL::investments[]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM investments_totals_apply((SELECT array_agg(r::investments) FROM old_rows r), (SELECT array_agg(r::investments) FROM new_rows r));
  ELSE
    DELETE FROM project_investment_totals;
    DELETE FROM investor_count;
    DELETE FROM monthly_return_totals;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER investments_totals_insert AFTER INSERT ON investments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION investments_totals();
--> statement-breakpoint
CREATE TRIGGER investments_totals_update AFTER UPDATE ON investments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION investments_totals();
--> statement-breakpoint
CREATE TRIGGER investments_totals_delete AFTER DELETE ON investments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION investments_totals();
--> statement-breakpoint
CREATE TRIGGER investments_totals_truncate AFTER TRUNCATE ON investments
  FOR EACH STATEMENT EXECUTE FUNCTION investments_totals();
--> statement-breakpoint
-- Deleting a user or a project removes their investments and their months by cascades, and the
-- statement-level triggers of a cascade fire once the whole statement is done: the months' trigger then
-- finds no investment and the investments' no months, so neither would take those months out. A user's
-- or a project's months leave monthly_return_totals before the row goes instead.
CREATE FUNCTION users_before_delete_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO monthly_return_totals AS t (paid_on, project_id, amount, n)
  SELECT m.paid_on, m.project_id, -sum(m.amount), -count(*)::int
    FROM monthly_returns m
    JOIN investments i ON i.user_id = m.user_id AND i.project_id = m.project_id
   WHERE m.user_id = OLD.id
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (paid_on, project_id) DO UPDATE SET amount = t.amount + excluded.amount, n = t.n + excluded.n;
  IF FOUND THEN
    DELETE FROM monthly_return_totals WHERE n = 0;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_before_delete_totals BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_before_delete_totals();
--> statement-breakpoint
CREATE FUNCTION projects_before_delete_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM monthly_return_totals WHERE project_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_before_delete_totals BEFORE DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_before_delete_totals();
--> statement-breakpoint
-- What is there already. An empty database gets no investor_count row (so that a restore, which loads the
-- backup's row into the freshly migrated schema, finds none to clash with); the first investment makes it.
INSERT INTO monthly_return_totals (paid_on, project_id, amount, n)
SELECT m.paid_on, m.project_id, sum(m.amount), count(*)::int
  FROM monthly_returns m
  JOIN investments i ON i.user_id = m.user_id AND i.project_id = m.project_id
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO project_investment_totals (project_id, invested, returns_all_paid, investments)
SELECT project_id, sum(amount), sum(coalesce(CASE WHEN months_recorded > 0 THEN returns_from_months END, returns)), count(*)::int
  FROM investments
 GROUP BY 1;
--> statement-breakpoint
INSERT INTO investor_count (id, n) SELECT true, count(DISTINCT user_id) FROM investments HAVING count(*) > 0;
--> statement-breakpoint
-- notification_count follows notifications: one write a statement, into one of eight rows chosen at
-- random, so that a broadcast (which holds its row to the end of its transaction) does not make every
-- other writer of notifications wait. The admin list's total is their sum, exact and read in one go.
CREATE FUNCTION notifications_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM notification_count;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO notification_count AS t (slot, n) VALUES (floor(random() * 8)::int, delta)
      ON CONFLICT (slot) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_count_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_count();
--> statement-breakpoint
CREATE TRIGGER notifications_count_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_count();
--> statement-breakpoint
CREATE TRIGGER notifications_count_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_count();
--> statement-breakpoint
INSERT INTO notification_count (slot, n) SELECT 0, count(*) FROM notifications HAVING count(*) > 0;
