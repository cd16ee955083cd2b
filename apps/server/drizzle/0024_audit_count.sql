CREATE TABLE "audit_count" (
	"slot" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- audit_count follows audit_log as notification_count follows notifications (migration 0022): one write a
-- statement, a signed number of rows into one of eight rows; the admin audit list's total without a
-- filter is their sum, exact and read in one go (counting 200,000 entries took 50 ms). The row is the
-- transaction's (its id modulo eight) rather than a random one: an admin write records its entries in its
-- own transaction, so one that records several holds a single row, and two of them never wait for each
-- other's rows in crossed order. The app only inserts into audit_log; an account's deletion sets
-- actor_id to null (an update, which changes no count); a delete or a truncate (also one of users
-- cascading) is counted all the same.
CREATE FUNCTION audit_log_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_count;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO audit_count AS t (slot, n) VALUES ((txid_current() % 8)::int, delta)
      ON CONFLICT (slot) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_count_insert AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count();
--> statement-breakpoint
CREATE TRIGGER audit_log_count_delete AFTER DELETE ON audit_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count();
--> statement-breakpoint
CREATE TRIGGER audit_log_count_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count();
--> statement-breakpoint
-- What is there already (the triggers above hold off writers of audit_log until the migrations commit).
-- An empty database gets no row, so that a restore, which loads the backup's rows into the freshly
-- migrated schema, finds none to clash with.
INSERT INTO audit_count (slot, n) SELECT 0, count(*) FROM audit_log HAVING count(*) > 0;
--> statement-breakpoint
-- notification_count (migration 0022) picked a row at random for each statement. A broadcast writes its
-- recipients in several statements of one transaction (25,000 a statement), so it could hold several
-- rows taken in any order, and two broadcasts at once could each wait for a row the other holds
-- (a deadlock, one of them refused). Now, as audit_count: the transaction's own row.
CREATE OR REPLACE FUNCTION notifications_count() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO notification_count AS t (slot, n) VALUES ((txid_current() % 8)::int, delta)
      ON CONFLICT (slot) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
