ALTER TABLE "statement_publications" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_publications" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_publications" ADD COLUMN "cursor" uuid;--> statement-breakpoint
ALTER TABLE "statement_publications" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "statement_publications" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "statement_publications" ADD CONSTRAINT "statement_publications_status_check" CHECK ("statement_publications"."status" in ('running', 'published', 'failed'));--> statement-breakpoint
UPDATE "statement_publications" SET "total" = "recipients", "finished_at" = "published_at";
