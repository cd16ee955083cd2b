DROP INDEX "users_search_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, translate("name" || ' ' || "email" || ' ' || coalesce("investor_id", ''), '@.+_-', '     '))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_document");--> statement-breakpoint
-- The admin users search (modules/admin-users/service.ts) asks the index for the rarest word of a search
-- and tests the whole search on the rows it finds (search_document is stored, so that test is cheap): a
-- GIN index answers a prefix such as 'investor:*' by collecting every entry that starts with it (200,000
-- at 100,000 users) before intersecting, so asking it for every word made each search pay for its most
-- common one. How common a word is comes from the column's statistics (its most common words and their
-- shares, kept by ANALYZE): the share of users with a word it is a prefix of. The rarest word is the
-- smallest share, then the longest (a longer prefix matches fewer words), then the first. When even that
-- one is in a quarter of the users or more, every word is common: testing each row found would cost more
-- than the index's intersection, so the answer is the whole search. The words are letters and digits
-- (the app's searchWords); one that makes no query (nothing the parser keeps) is never chosen. In
-- plpgsql so that its plan, which reads the pg_stats view, is made once a connection, not each search.
CREATE FUNCTION user_search_index_query(words text[], whole tsquery) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
DECLARE
  elems text[];
  freqs real[];
  best tsquery;
  share real;
BEGIN
  SELECT s.most_common_elems::text::text[], s.most_common_elem_freqs INTO elems, freqs
    FROM pg_stats s
   WHERE s.schemaname = current_schema() AND s.tablename = 'users' AND s.attname = 'search_document';
  SELECT x.q, x.share INTO best, share
    FROM (SELECT u.w, u.i, to_tsquery('simple'::regconfig, u.w || ':*') AS q,
                 coalesce((SELECT sum(e.f) FROM unnest(elems, freqs) AS e(lexeme, f)
                            WHERE starts_with(e.lexeme, lower(u.w))), 0) AS share
            FROM unnest(words) WITH ORDINALITY AS u(w, i)) x
   WHERE numnode(x.q) > 0
   ORDER BY x.share, length(x.w) DESC, x.i
   LIMIT 1;
  IF best IS NULL OR share >= 0.25 THEN
    RETURN whole;
  END IF;
  RETURN best;
END $$;
--> statement-breakpoint
ANALYZE "users";
