DROP INDEX "users_search_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, translate("name" || ' ' || "email" || ' ' || coalesce("investor_id", ''), '@.+_-', '     '))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_document");--> statement-breakpoint
-- The admin users search (modules/admin-users/service.ts) asks the index for the rarest word of a search
-- only and tests the whole search on the rows it finds (search_document is stored, so that test is
-- cheap). A GIN index answers a prefix such as 'investor:*' by collecting every entry that starts with
-- it (200,000 postings at 100,000 users) before intersecting, so asking it for every word made each
-- search pay for its most common one. The rarest word is estimated from the column's statistics (the
-- most common words and their shares, kept by ANALYZE): the smallest share of users covered by the
-- word as a prefix, then the longest word (a longer prefix matches fewer words), then the first. The
-- words are letters and digits only (the app's searchWords); one that makes no query (nothing the parser
-- keeps) is never chosen, and with none left the answer is null. In plpgsql so that its plan, which reads
-- the pg_stats view, is made once a connection rather than on every search.
CREATE FUNCTION user_search_rarest_word(words text[]) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
DECLARE
  elems text[];
  freqs real[];
BEGIN
  SELECT s.most_common_elems::text::text[], s.most_common_elem_freqs INTO elems, freqs
    FROM pg_stats s
   WHERE s.schemaname = current_schema() AND s.tablename = 'users' AND s.attname = 'search_document';
  RETURN (
    SELECT x.q
      FROM (SELECT w, i, to_tsquery('simple'::regconfig, w || ':*') AS q
              FROM unnest(words) WITH ORDINALITY AS u(w, i)) x
     WHERE numnode(x.q) > 0
     ORDER BY coalesce((SELECT sum(e.f) FROM unnest(elems, freqs) AS e(lexeme, f)
                         WHERE starts_with(e.lexeme, lower(x.w))), 0),
              length(x.w) DESC, x.i
     LIMIT 1);
END $$;
--> statement-breakpoint
ANALYZE "users";
