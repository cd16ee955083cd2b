CREATE TABLE "audit_count" (
	"slot" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- A count kept in eight rows of the table named by the trigger's argument (audit_count, notification_count):
-- one write a statement, a signed number of rows into the row of the statement's transaction (its id
-- modulo eight); the total is their sum, exact and read in one go. Not a random row for each statement
-- (as notification_count had, migration 0022): a broadcast writes its recipients in several statements of
-- one transaction (25,000 a statement), and an admin write can record several audit entries, so a
-- transaction could hold several rows taken in any order, and two at once could each wait for a row the
-- other holds (a deadlock). Concurrent transactions have different ids, so they still spread over the rows.
CREATE FUNCTION kept_slot_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    EXECUTE format(
      'INSERT INTO %I AS t (slot, n) VALUES ((txid_current() %% 8)::int, $1)
         ON CONFLICT (slot) DO UPDATE SET n = t.n + excluded.n',
      TG_ARGV[0]) USING delta;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- audit_count follows audit_log. The app only inserts into audit_log; an account's deletion sets actor_id
-- to null (an update, which changes no count); a delete or a truncate (also one of users cascading) is
-- counted all the same.
CREATE TRIGGER audit_log_count_insert AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_slot_count('audit_count');
--> statement-breakpoint
CREATE TRIGGER audit_log_count_delete AFTER DELETE ON audit_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_slot_count('audit_count');
--> statement-breakpoint
CREATE TRIGGER audit_log_count_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION kept_slot_count('audit_count');
--> statement-breakpoint
-- What is there already (the triggers above hold off writers of audit_log until the migrations commit).
-- An empty database gets no row, so that a restore, which loads the backup's rows into the freshly
-- migrated schema, finds none to clash with.
INSERT INTO audit_count (slot, n) SELECT 0, count(*) FROM audit_log HAVING count(*) > 0;
--> statement-breakpoint
-- notification_count's triggers (migration 0022) call the same function now.
DROP TRIGGER IF EXISTS notifications_count_insert ON notifications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_count_delete ON notifications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_count_truncate ON notifications;
--> statement-breakpoint
DROP FUNCTION IF EXISTS notifications_count();
--> statement-breakpoint
CREATE TRIGGER notifications_count_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_slot_count('notification_count');
--> statement-breakpoint
CREATE TRIGGER notifications_count_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kept_slot_count('notification_count');
--> statement-breakpoint
CREATE TRIGGER notifications_count_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION kept_slot_count('notification_count');
