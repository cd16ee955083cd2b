CREATE TABLE "statement_files" (
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"file_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_files_user_id_period_pk" PRIMARY KEY("user_id","period")
);
--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_period_statement_publications_period_fk" FOREIGN KEY ("period") REFERENCES "public"."statement_publications"("period") ON DELETE no action ON UPDATE no action;