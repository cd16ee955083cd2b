-- Document categories become a value set (DOCUMENT_CATEGORIES of @portal/contracts). Known spellings of
-- the vault's categories are mapped to them; anything else becomes General, the default.
UPDATE "documents" SET "category" = CASE
  WHEN regexp_replace(lower(btrim("category")), '\s+', ' ', 'g') ~ '^(contracts?|agreements?|investment agreements?|subscription agreements?)$' THEN 'Contracts'
  WHEN regexp_replace(lower(btrim("category")), '\s+', ' ', 'g') ~ '^(tax|taxes|tax (documents?|docs?|statements?|forms?|reports?))$' THEN 'Tax Documents'
  WHEN regexp_replace(lower(btrim("category")), '\s+', ' ', 'g') ~ '^((investment|financial|quarterly|annual) )?reports?$' THEN 'Investment Reports'
  WHEN regexp_replace(lower(btrim("category")), '\s+', ' ', 'g') ~ '^perks?( (documents?|documentation|docs?))?$' THEN 'Perk Documentation'
  ELSE 'General'
END
WHERE "category" NOT IN ('Contracts', 'Tax Documents', 'Investment Reports', 'Perk Documentation', 'General');
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_category_check" CHECK ("documents"."category" in ('Contracts', 'Tax Documents', 'Investment Reports', 'Perk Documentation', 'General'));
