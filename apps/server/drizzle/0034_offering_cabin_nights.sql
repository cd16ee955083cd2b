ALTER TABLE "offerings" ADD COLUMN "nights_per_10000" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "allowance_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_allowance_rule_check" CHECK ("offerings"."nights_per_10000" between 0 and 365 and "offerings"."allowance_months" between 1 and 120);