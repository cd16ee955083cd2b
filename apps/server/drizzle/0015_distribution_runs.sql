CREATE TABLE "capital_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_date" date NOT NULL,
	"distribution_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capital_returns_amount_check" CHECK ("capital_returns"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "distribution_allocations" (
	"distribution_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invested" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "distribution_allocations_distribution_id_user_id_pk" PRIMARY KEY("distribution_id","user_id"),
	CONSTRAINT "distribution_allocations_amount_check" CHECK ("distribution_allocations"."amount" >= 0 and "distribution_allocations"."invested" >= 0)
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_date" date NOT NULL,
	"note" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone,
	"finalized_by" uuid,
	CONSTRAINT "distributions_kind_check" CHECK ("distributions"."kind" in ('income', 'capital')),
	CONSTRAINT "distributions_status_check" CHECK ("distributions"."status" in ('draft', 'final')),
	CONSTRAINT "distributions_amount_check" CHECK ("distributions"."amount" > 0),
	CONSTRAINT "distributions_period_check" CHECK ("distributions"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "distributions_final_check" CHECK (("distributions"."status" = 'final') = ("distributions"."finalized_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "capital_returns" ADD CONSTRAINT "capital_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_returns" ADD CONSTRAINT "capital_returns_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_returns" ADD CONSTRAINT "capital_returns_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_allocations" ADD CONSTRAINT "distribution_allocations_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_allocations" ADD CONSTRAINT "distribution_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_finalized_by_users_id_fk" FOREIGN KEY ("finalized_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capital_returns_user_project_idx" ON "capital_returns" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "capital_returns_distribution_user_key" ON "capital_returns" USING btree ("distribution_id","user_id");--> statement-breakpoint
CREATE INDEX "distribution_allocations_user_idx" ON "distribution_allocations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "distributions_project_period_idx" ON "distributions" USING btree ("project_id","period");--> statement-breakpoint
-- Returns of capital change investors' kept answers (their performance figures): signalled by user, as
-- monthly_returns are (migration 0007).
CREATE TRIGGER capital_returns_signal_insert AFTER INSERT ON capital_returns REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change('user_id');--> statement-breakpoint
CREATE TRIGGER capital_returns_signal_update AFTER UPDATE ON capital_returns REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change('user_id');--> statement-breakpoint
CREATE TRIGGER capital_returns_signal_delete AFTER DELETE ON capital_returns REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change('user_id');--> statement-breakpoint
CREATE TRIGGER capital_returns_signal_truncate AFTER TRUNCATE ON capital_returns
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change();
