-- An interest registration's status becomes a checked value set (INTEREST_STATUSES of @portal/contracts),
-- as documents.kind already is (documents_kind_check, now generated from DOCUMENT_KINDS: the same SQL).
-- The API has only ever written these three; a row written otherwise keeps its meaning where its spelling
-- is known, and anything else becomes 'new', so that an admin looks at it again.
UPDATE "interest_registrations" SET "status" = CASE
  WHEN lower(btrim("status")) IN ('new', 'contacted', 'closed') THEN lower(btrim("status"))
  WHEN lower(btrim("status")) IN ('in progress', 'in_progress', 'responded', 'replied') THEN 'contacted'
  WHEN lower(btrim("status")) IN ('done', 'resolved', 'archived', 'rejected', 'declined') THEN 'closed'
  ELSE 'new'
END
WHERE "status" NOT IN ('new', 'contacted', 'closed');
--> statement-breakpoint
ALTER TABLE "interest_registrations" ADD CONSTRAINT "interest_registrations_status_check" CHECK ("interest_registrations"."status" in ('new', 'contacted', 'closed'));
