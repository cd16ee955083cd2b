ALTER TABLE "investments" ADD COLUMN "returns_from_months" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "months_recorded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "monthly_returns_project_month_idx" ON "monthly_returns" USING btree ("project_id","month");