-- Income paid on its own day (ADR 020): a monthly return may carry a payment date (a distribution paid
-- after its month); null means the last day of its month, as every row written before. paid_on is that
-- day, kept by the database, so that "paid by today" is one comparison and the few rows not yet paid are
-- found through an index (the roll-up of migration 0006 still sums every month).
ALTER TABLE "monthly_returns" ADD COLUMN "payment_date" date;--> statement-breakpoint
ALTER TABLE "monthly_returns" ADD COLUMN "paid_on" date GENERATED ALWAYS AS (coalesce(payment_date, make_date(left(month, 4)::int + right(month, 2)::int / 12, right(month, 2)::int % 12 + 1, 1) - 1)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "monthly_returns_paid_on_idx" ON "monthly_returns" USING btree ("paid_on");--> statement-breakpoint
ALTER TABLE "monthly_returns" ADD CONSTRAINT "monthly_returns_payment_date_check" CHECK (payment_date >= make_date(left(month, 4)::int, right(month, 2)::int, 1));