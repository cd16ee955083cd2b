CREATE TABLE "user_count" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "user_count_one_row_check" CHECK ("user_count"."id")
);
--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" USING btree ("name","email") WHERE "users"."is_admin";--> statement-breakpoint
-- user_count follows users: statement-level triggers with transition tables (one write a statement,
-- however many users it inserts or deletes; the row lock is held to the end of that transaction, which
-- only writers of new or removed users share). An empty database has no row until its first user (so
-- that a restore, which loads the backup's row into the freshly migrated schema, finds none to clash
-- with); the app counts the users when the row is missing.
INSERT INTO "user_count" ("id", "n") SELECT true, count(*) FROM "users" HAVING count(*) > 0;
--> statement-breakpoint
CREATE FUNCTION users_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_count;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO user_count (id, n) VALUES (true, delta)
      ON CONFLICT (id) DO UPDATE SET n = user_count.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count();
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION users_count();
