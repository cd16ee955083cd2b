CREATE TABLE "adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"corrects" uuid,
	"distribution_id" uuid,
	"payment_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustments_kind_check" CHECK ("adjustments"."kind" in ('income', 'capital')),
	CONSTRAINT "adjustments_amount_check" CHECK ("adjustments"."amount" <> 0),
	CONSTRAINT "adjustments_reason_check" CHECK (length(btrim("adjustments"."reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "distributions" DROP CONSTRAINT "distributions_status_check";--> statement-breakpoint
ALTER TABLE "distributions" DROP CONSTRAINT "distributions_final_check";--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "distributions" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_user_project_idx" ON "adjustments" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "adjustments_distribution_idx" ON "adjustments" USING btree ("distribution_id");--> statement-breakpoint
CREATE INDEX "adjustments_payment_date_idx" ON "adjustments" USING btree ("payment_date");--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_reversed_check" CHECK (("distributions"."status" = 'reversed') = ("distributions"."reversed_at" is not null and "distributions"."reversal_reason" is not null));--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_status_check" CHECK ("distributions"."status" in ('draft', 'final', 'reversed'));--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_final_check" CHECK (("distributions"."status" <> 'draft') = ("distributions"."finalized_at" is not null));--> statement-breakpoint
-- An adjustment changes its investor's figures, so their kept answers: it signals its users (migration 0007).
CREATE TRIGGER adjustments_signal_insert AFTER INSERT ON adjustments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change('user_id');--> statement-breakpoint
CREATE TRIGGER adjustments_signal_update AFTER UPDATE ON adjustments REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change('user_id');--> statement-breakpoint
CREATE TRIGGER adjustments_signal_delete AFTER DELETE ON adjustments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change('user_id');--> statement-breakpoint
CREATE TRIGGER adjustments_signal_truncate AFTER TRUNCATE ON adjustments
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change();
