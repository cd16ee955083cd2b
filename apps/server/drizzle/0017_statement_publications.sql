CREATE TABLE "statement_publications" (
	"period" text PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"recipients" integer NOT NULL,
	"emailed" integer NOT NULL,
	"batch_id" uuid NOT NULL,
	CONSTRAINT "statement_publications_period_check" CHECK ("statement_publications"."period" ~ '^[0-9]{4}(-Q[1-4])?$')
);
--> statement-breakpoint
ALTER TABLE "statement_publications" ADD CONSTRAINT "statement_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;