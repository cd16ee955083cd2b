CREATE TABLE "ledger_chain" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"entry_table" text NOT NULL,
	"entry_id" text NOT NULL,
	"action" text NOT NULL,
	"canonical" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_chain_action_check" CHECK ("ledger_chain"."action" in ('write', 'delete')),
	CONSTRAINT "ledger_chain_canonical_check" CHECK (("ledger_chain"."action" = 'delete') = ("ledger_chain"."canonical" is null))
);
--> statement-breakpoint
CREATE INDEX "ledger_chain_entry_idx" ON "ledger_chain" USING btree ("entry_table","entry_id","seq");--> statement-breakpoint
-- The ledger chain (docs/ARCHITECTURE.md "The ledger chain"). Every money entry has a canonical text:
-- its fields in a fixed order joined by '|', amounts with two decimals, days as YYYY-MM-DD, a missing
-- value as nothing, and free text with '\' and '|' escaped so that no two entries read the same.
CREATE FUNCTION ledger_money(amount numeric) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT coalesce(round(amount, 2)::text, '') $$;
--> statement-breakpoint
CREATE FUNCTION ledger_day(day date) RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT coalesce(to_char(day, 'YYYY-MM-DD'), '') $$;
--> statement-breakpoint
CREATE FUNCTION ledger_text(value text) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT coalesce(replace(replace(value, '\', '\\'), '|', '\|'), '') $$;
--> statement-breakpoint
CREATE FUNCTION ledger_monthly_return(user_id uuid, project_id uuid, month text, amount numeric, payment_date date)
  RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT user_id || '|' || project_id || '|' || ledger_text(month) || '|' || ledger_money(amount) || '|' || ledger_day(payment_date) $$;
--> statement-breakpoint
CREATE FUNCTION ledger_capital_return(user_id uuid, project_id uuid, amount numeric, payment_date date, distribution_id uuid)
  RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT user_id || '|' || project_id || '|' || ledger_money(amount) || '|' || ledger_day(payment_date) || '|' || coalesce(distribution_id::text, '') $$;
--> statement-breakpoint
CREATE FUNCTION ledger_rental_income(booking_id uuid, user_id uuid, project_id uuid, amount numeric, payment_date date)
  RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT booking_id || '|' || user_id || '|' || project_id || '|' || ledger_money(amount) || '|' || ledger_day(payment_date) $$;
--> statement-breakpoint
-- An allocation with its run's facts: a run's project, period, kind or payment date changed is a change
-- of every one of its allocations.
CREATE FUNCTION ledger_allocation(distribution_id uuid, user_id uuid, invested numeric, amount numeric,
    project_id uuid, period text, kind text, payment_date date)
  RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT distribution_id || '|' || user_id || '|' || ledger_money(invested) || '|' || ledger_money(amount)
       || '|' || project_id || '|' || ledger_text(period) || '|' || ledger_text(kind) || '|' || ledger_day(payment_date) $$;
--> statement-breakpoint
CREATE FUNCTION ledger_adjustment(user_id uuid, project_id uuid, kind text, amount numeric, reason text,
    corrects uuid, distribution_id uuid, payment_date date)
  RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT user_id || '|' || project_id || '|' || ledger_text(kind) || '|' || ledger_money(amount) || '|' || ledger_text(reason)
       || '|' || coalesce(corrects::text, '') || '|' || coalesce(distribution_id::text, '') || '|' || ledger_day(payment_date) $$;
--> statement-breakpoint
-- The money entries as they are now, each with its canonical text and the moment it entered the books
-- (the migration's backfill orders by it). The verification compares them with their last chained version.
CREATE VIEW ledger_live_entries AS
  SELECT 'monthly_returns'::text AS entry_table, r.id::text AS entry_id,
         ledger_monthly_return(r.user_id, r.project_id, r.month, r.amount, r.payment_date) AS canonical,
         r.created_at AS entered_at
    FROM monthly_returns r
  UNION ALL
  SELECT 'capital_returns', c.id::text,
         ledger_capital_return(c.user_id, c.project_id, c.amount, c.payment_date, c.distribution_id), c.created_at
    FROM capital_returns c
  UNION ALL
  SELECT 'rental_incomes', i.id::text,
         ledger_rental_income(i.booking_id, i.user_id, i.project_id, i.amount, i.payment_date), i.created_at
    FROM rental_incomes i
  UNION ALL
  SELECT 'distribution_allocations', a.distribution_id || ':' || a.user_id,
         ledger_allocation(a.distribution_id, a.user_id, a.invested, a.amount, d.project_id, d.period, d.kind, d.payment_date),
         d.finalized_at
    FROM distribution_allocations a JOIN distributions d ON d.id = a.distribution_id AND d.status <> 'draft'
  UNION ALL
  SELECT 'adjustments', j.id::text,
         ledger_adjustment(j.user_id, j.project_id, j.kind, j.amount, j.reason, j.corrects, j.distribution_id, j.payment_date),
         j.created_at
    FROM adjustments j;
--> statement-breakpoint
-- One link: the hash of the one before it, the entry's table, id and action, and its canonical text.
CREATE FUNCTION ledger_hash(prev_hash text, entry_table text, entry_id text, action text, canonical text)
  RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT encode(sha256(convert_to(prev_hash || E'\n' || entry_table || E'\n' || entry_id || E'\n' || action
       || E'\n' || coalesce(canonical, ''), 'UTF8')), 'hex') $$;
--> statement-breakpoint
CREATE TYPE ledger_entry AS (entry_table text, entry_id text, action text, canonical text);
--> statement-breakpoint
-- Appends entries to the chain, in the order given. One lock serializes every append (it is held until
-- the writing transaction ends), so that each starts from the last committed link and the numbers have
-- no gaps; a transaction that reads an older snapshot would reuse a number and fail on the key.
-- The links are computed in a loop and inserted in one statement: a run over 10,000 investors is one insert.
CREATE FUNCTION ledger_append(entries ledger_entry[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  prev text;
  e ledger_entry;
  prevs text[] := '{}';
  hashes text[] := '{}';
BEGIN
  IF coalesce(cardinality(entries), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(72707371);
  SELECT c.seq, c.hash INTO last_seq, prev FROM ledger_chain c ORDER BY c.seq DESC LIMIT 1;
  IF NOT FOUND THEN
    last_seq := 0;
    prev := repeat('0', 64);
  END IF;
  FOREACH e IN ARRAY entries LOOP
    prevs := prevs || prev;
    prev := ledger_hash(prev, e.entry_table, e.entry_id, e.action, e.canonical);
    hashes := hashes || prev;
  END LOOP;
  -- Joined by position, not subscripted: a subscript walks the array from its start each time.
  INSERT INTO ledger_chain (seq, entry_table, entry_id, action, canonical, prev_hash, hash)
  SELECT last_seq + u.n, u.entry_table, u.entry_id, u.action, u.canonical, h.prev_hash, h.hash
    FROM unnest(entries) WITH ORDINALITY AS u(entry_table, entry_id, action, canonical, n)
    JOIN unnest(prevs, hashes) WITH ORDINALITY AS h(prev_hash, hash, n) ON h.n = u.n
   ORDER BY u.n;
END $$;
--> statement-breakpoint
-- Whether an entry is in the chain now (its last link a write): only those have a delete appended.
CREATE FUNCTION ledger_chained(entry_table text, entry_id text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT c.action = 'write' FROM ledger_chain c
                    WHERE c.entry_table = $1 AND c.entry_id = $2 ORDER BY c.seq DESC LIMIT 1), false)
$$;
--> statement-breakpoint
-- The chain records what the application writes: its connections set portal.ledger to 'on'
-- (db/client.ts). A write made in the database without it is not chained, and the verification finds it.
CREATE FUNCTION ledger_recording() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT coalesce(current_setting('portal.ledger', true), '') = 'on' $$;
--> statement-breakpoint
-- The triggers of the tables whose rows are entries under their own id: writes for the rows inserted,
-- or updated into another canonical text; deletes for the chained rows removed (or whose id changed).
-- One function per table, as their canonical texts differ.
CREATE FUNCTION ledger_monthly_returns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ledger_recording() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_append(array(
      SELECT row('monthly_returns', n.id::text, 'write',
                 ledger_monthly_return(n.user_id, n.project_id, n.month, n.amount, n.payment_date))::ledger_entry
        FROM new_rows n ORDER BY n.id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ledger_append(array(
      SELECT x.e FROM (
        SELECT 0 AS k, o.id::text AS id, row('monthly_returns', o.id::text, 'delete', NULL)::ledger_entry AS e
          FROM old_rows o
         WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id) AND ledger_chained('monthly_returns', o.id::text)
        UNION ALL
        SELECT 1, n.id::text, row('monthly_returns', n.id::text, 'write', w.canonical)::ledger_entry
          FROM new_rows n
         CROSS JOIN LATERAL (SELECT ledger_monthly_return(n.user_id, n.project_id, n.month, n.amount, n.payment_date) AS canonical) w
         WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id
                              AND ledger_monthly_return(o.user_id, o.project_id, o.month, o.amount, o.payment_date) = w.canonical)
      ) x ORDER BY x.k, x.id));
  ELSE
    PERFORM ledger_append(array(
      SELECT row('monthly_returns', o.id::text, 'delete', NULL)::ledger_entry
        FROM old_rows o WHERE ledger_chained('monthly_returns', o.id::text) ORDER BY o.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_capital_returns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ledger_recording() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_append(array(
      SELECT row('capital_returns', n.id::text, 'write',
                 ledger_capital_return(n.user_id, n.project_id, n.amount, n.payment_date, n.distribution_id))::ledger_entry
        FROM new_rows n ORDER BY n.id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ledger_append(array(
      SELECT x.e FROM (
        SELECT 0 AS k, o.id::text AS id, row('capital_returns', o.id::text, 'delete', NULL)::ledger_entry AS e
          FROM old_rows o
         WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id) AND ledger_chained('capital_returns', o.id::text)
        UNION ALL
        SELECT 1, n.id::text, row('capital_returns', n.id::text, 'write', w.canonical)::ledger_entry
          FROM new_rows n
         CROSS JOIN LATERAL (SELECT ledger_capital_return(n.user_id, n.project_id, n.amount, n.payment_date, n.distribution_id) AS canonical) w
         WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id
                              AND ledger_capital_return(o.user_id, o.project_id, o.amount, o.payment_date, o.distribution_id) = w.canonical)
      ) x ORDER BY x.k, x.id));
  ELSE
    PERFORM ledger_append(array(
      SELECT row('capital_returns', o.id::text, 'delete', NULL)::ledger_entry
        FROM old_rows o WHERE ledger_chained('capital_returns', o.id::text) ORDER BY o.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_rental_incomes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ledger_recording() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_append(array(
      SELECT row('rental_incomes', n.id::text, 'write',
                 ledger_rental_income(n.booking_id, n.user_id, n.project_id, n.amount, n.payment_date))::ledger_entry
        FROM new_rows n ORDER BY n.id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ledger_append(array(
      SELECT x.e FROM (
        SELECT 0 AS k, o.id::text AS id, row('rental_incomes', o.id::text, 'delete', NULL)::ledger_entry AS e
          FROM old_rows o
         WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id) AND ledger_chained('rental_incomes', o.id::text)
        UNION ALL
        SELECT 1, n.id::text, row('rental_incomes', n.id::text, 'write', w.canonical)::ledger_entry
          FROM new_rows n
         CROSS JOIN LATERAL (SELECT ledger_rental_income(n.booking_id, n.user_id, n.project_id, n.amount, n.payment_date) AS canonical) w
         WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id
                              AND ledger_rental_income(o.booking_id, o.user_id, o.project_id, o.amount, o.payment_date) = w.canonical)
      ) x ORDER BY x.k, x.id));
  ELSE
    PERFORM ledger_append(array(
      SELECT row('rental_incomes', o.id::text, 'delete', NULL)::ledger_entry
        FROM old_rows o WHERE ledger_chained('rental_incomes', o.id::text) ORDER BY o.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_adjustments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ledger_recording() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_append(array(
      SELECT row('adjustments', n.id::text, 'write',
                 ledger_adjustment(n.user_id, n.project_id, n.kind, n.amount, n.reason, n.corrects, n.distribution_id, n.payment_date))::ledger_entry
        FROM new_rows n ORDER BY n.id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ledger_append(array(
      SELECT x.e FROM (
        SELECT 0 AS k, o.id::text AS id, row('adjustments', o.id::text, 'delete', NULL)::ledger_entry AS e
          FROM old_rows o
         WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id) AND ledger_chained('adjustments', o.id::text)
        UNION ALL
        SELECT 1, n.id::text, row('adjustments', n.id::text, 'write', w.canonical)::ledger_entry
          FROM new_rows n
         CROSS JOIN LATERAL (SELECT ledger_adjustment(n.user_id, n.project_id, n.kind, n.amount, n.reason, n.corrects, n.distribution_id, n.payment_date) AS canonical) w
         WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id
                              AND ledger_adjustment(o.user_id, o.project_id, o.kind, o.amount, o.reason, o.corrects, o.distribution_id, o.payment_date) = w.canonical)
      ) x ORDER BY x.k, x.id));
  ELSE
    PERFORM ledger_append(array(
      SELECT row('adjustments', o.id::text, 'delete', NULL)::ledger_entry
        FROM old_rows o WHERE ledger_chained('adjustments', o.id::text) ORDER BY o.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Allocations are entries only while their run is not a draft: a draft's are never chained, a run made
-- final chains them all (below). A deleted allocation is looked up in the chain unless its run is
-- still there as a draft (a draft recomputed deletes and writes its allocations many times).
CREATE FUNCTION ledger_distribution_allocations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ledger_recording() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_append(array(
      SELECT row('distribution_allocations', n.distribution_id || ':' || n.user_id, 'write',
                 ledger_allocation(n.distribution_id, n.user_id, n.invested, n.amount, d.project_id, d.period, d.kind, d.payment_date))::ledger_entry
        FROM new_rows n JOIN distributions d ON d.id = n.distribution_id AND d.status <> 'draft'
       ORDER BY n.distribution_id, n.user_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ledger_append(array(
      SELECT x.e FROM (
        SELECT 0 AS k, o.distribution_id || ':' || o.user_id AS id,
               row('distribution_allocations', o.distribution_id || ':' || o.user_id, 'delete', NULL)::ledger_entry AS e
          FROM old_rows o
         WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.distribution_id = o.distribution_id AND n.user_id = o.user_id)
           AND ledger_chained('distribution_allocations', o.distribution_id || ':' || o.user_id)
        UNION ALL
        SELECT 1, n.distribution_id || ':' || n.user_id,
               row('distribution_allocations', n.distribution_id || ':' || n.user_id, 'write', w.canonical)::ledger_entry
          FROM new_rows n
          JOIN distributions d ON d.id = n.distribution_id AND d.status <> 'draft'
         CROSS JOIN LATERAL (SELECT ledger_allocation(n.distribution_id, n.user_id, n.invested, n.amount,
                                                      d.project_id, d.period, d.kind, d.payment_date) AS canonical) w
         WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.distribution_id = n.distribution_id AND o.user_id = n.user_id
                              AND ledger_allocation(o.distribution_id, o.user_id, o.invested, o.amount,
                                                    d.project_id, d.period, d.kind, d.payment_date) = w.canonical)
      ) x ORDER BY x.k, x.id));
  ELSE
    PERFORM ledger_append(array(
      SELECT row('distribution_allocations', o.distribution_id || ':' || o.user_id, 'delete', NULL)::ledger_entry
        FROM old_rows o
       WHERE NOT EXISTS (SELECT 1 FROM distributions d WHERE d.id = o.distribution_id AND d.status = 'draft')
         AND ledger_chained('distribution_allocations', o.distribution_id || ':' || o.user_id)
       ORDER BY o.distribution_id, o.user_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A run made final (or otherwise no longer a draft) chains its allocations; a run whose project, period,
-- kind or payment date changes while not a draft chains them again; a run back to draft takes them out.
CREATE FUNCTION ledger_distributions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ledger_recording() THEN RETURN NULL; END IF;
  PERFORM ledger_append(array(
    SELECT x.e FROM (
      SELECT n.id AS run, a.user_id,
             row('distribution_allocations', a.distribution_id || ':' || a.user_id, 'write',
                 ledger_allocation(a.distribution_id, a.user_id, a.invested, a.amount, n.project_id, n.period, n.kind, n.payment_date))::ledger_entry AS e
        FROM new_rows n
        JOIN old_rows o ON o.id = n.id
        JOIN distribution_allocations a ON a.distribution_id = n.id
       WHERE n.status <> 'draft'
         AND (o.status = 'draft' OR (o.project_id, o.period, o.kind, o.payment_date) IS DISTINCT FROM (n.project_id, n.period, n.kind, n.payment_date))
      UNION ALL
      SELECT n.id, a.user_id, row('distribution_allocations', a.distribution_id || ':' || a.user_id, 'delete', NULL)::ledger_entry
        FROM new_rows n
        JOIN old_rows o ON o.id = n.id
        JOIN distribution_allocations a ON a.distribution_id = n.id
       WHERE n.status = 'draft' AND o.status <> 'draft'
         AND ledger_chained('distribution_allocations', a.distribution_id || ':' || a.user_id)
    ) x ORDER BY x.run, x.user_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER monthly_returns_ledger_insert AFTER INSERT ON monthly_returns
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_monthly_returns();
--> statement-breakpoint
CREATE TRIGGER monthly_returns_ledger_update AFTER UPDATE ON monthly_returns
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_monthly_returns();
--> statement-breakpoint
CREATE TRIGGER monthly_returns_ledger_delete AFTER DELETE ON monthly_returns
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_monthly_returns();
--> statement-breakpoint
CREATE TRIGGER capital_returns_ledger_insert AFTER INSERT ON capital_returns
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_capital_returns();
--> statement-breakpoint
CREATE TRIGGER capital_returns_ledger_update AFTER UPDATE ON capital_returns
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_capital_returns();
--> statement-breakpoint
CREATE TRIGGER capital_returns_ledger_delete AFTER DELETE ON capital_returns
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_capital_returns();
--> statement-breakpoint
CREATE TRIGGER rental_incomes_ledger_insert AFTER INSERT ON rental_incomes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_rental_incomes();
--> statement-breakpoint
CREATE TRIGGER rental_incomes_ledger_update AFTER UPDATE ON rental_incomes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_rental_incomes();
--> statement-breakpoint
CREATE TRIGGER rental_incomes_ledger_delete AFTER DELETE ON rental_incomes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_rental_incomes();
--> statement-breakpoint
CREATE TRIGGER adjustments_ledger_insert AFTER INSERT ON adjustments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_adjustments();
--> statement-breakpoint
CREATE TRIGGER adjustments_ledger_update AFTER UPDATE ON adjustments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_adjustments();
--> statement-breakpoint
CREATE TRIGGER adjustments_ledger_delete AFTER DELETE ON adjustments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_adjustments();
--> statement-breakpoint
CREATE TRIGGER distribution_allocations_ledger_insert AFTER INSERT ON distribution_allocations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_distribution_allocations();
--> statement-breakpoint
CREATE TRIGGER distribution_allocations_ledger_update AFTER UPDATE ON distribution_allocations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_distribution_allocations();
--> statement-breakpoint
CREATE TRIGGER distribution_allocations_ledger_delete AFTER DELETE ON distribution_allocations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_distribution_allocations();
--> statement-breakpoint
CREATE TRIGGER distributions_ledger_update AFTER UPDATE ON distributions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_distributions();
--> statement-breakpoint
-- The chain of an empty ledger_chain from every entry there is, in the order they entered the books
-- (when they were made; an allocation when its run was made final), 10,000 to an append. The migration
-- gives the rows already written their chain with it.
CREATE FUNCTION ledger_backfill() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  batch ledger_entry[] := '{}';
  total bigint := 0;
  r record;
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_chain) THEN
    RAISE EXCEPTION 'The ledger chain is not empty: it is backfilled only once';
  END IF;
  FOR r IN SELECT v.entry_table, v.entry_id, v.canonical FROM ledger_live_entries v
            ORDER BY v.entered_at, v.entry_table, v.entry_id LOOP
    batch := batch || row(r.entry_table, r.entry_id, 'write', r.canonical)::ledger_entry;
    IF cardinality(batch) = 10000 THEN
      PERFORM ledger_append(batch);
      total := total + 10000;
      batch := '{}';
    END IF;
  END LOOP;
  PERFORM ledger_append(batch);
  RETURN total + cardinality(batch);
END $$;
--> statement-breakpoint
SELECT ledger_backfill();
