CREATE TABLE "bank_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"sha256" text NOT NULL,
	"entries" integer NOT NULL,
	"matched" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"key" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"booked_on" date,
	"reference" text DEFAULT '' NOT NULL,
	"remittance" text DEFAULT '' NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"counterparty_iban" text,
	"end_to_end_id" text,
	"return_reason" text,
	"outcome" text NOT NULL,
	"unmatched_why" text,
	"call_line_id" uuid,
	"distribution_id" uuid,
	"payout_user_id" uuid,
	"overpaid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transactions_outcome_check" CHECK ("bank_transactions"."outcome" in ('call_payment', 'payout_booked', 'payout_returned', 'unmatched', 'not_booked', 'assigned')),
	CONSTRAINT "bank_transactions_direction_check" CHECK ("bank_transactions"."direction" in ('credit', 'debit')),
	CONSTRAINT "bank_transactions_amount_check" CHECK ("bank_transactions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "capital_call_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"number" bigserial NOT NULL,
	"reference" text NOT NULL,
	"paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_on" date,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "capital_call_lines_amount_check" CHECK ("capital_call_lines"."amount" >= 0 and "capital_call_lines"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "capital_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offering_id" uuid NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"due_on" date NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capital_calls_percent_check" CHECK ("capital_calls"."percent" > 0 and "capital_calls"."percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "data_room_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_checks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"date_of_birth" date,
	"tax_residence" text,
	"politically_exposed" boolean,
	"source_of_funds" text,
	"submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"rejected_at" timestamp with time zone,
	"rejection_reason" text,
	"expiry_reminded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_mime" text NOT NULL,
	"file_size" bigint NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_kind_check" CHECK ("kyc_documents"."kind" in ('identity', 'address'))
);
--> statement-breakpoint
CREATE TABLE "offerings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"minimum" numeric(14, 2) NOT NULL,
	"maximum" numeric(14, 2) NOT NULL,
	"target" numeric(14, 2) NOT NULL,
	"closes_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offerings_status_check" CHECK ("offerings"."status" in ('open', 'closed')),
	CONSTRAINT "offerings_bounds_check" CHECK ("offerings"."minimum" > 0 and "offerings"."minimum" <= "offerings"."maximum" and "offerings"."maximum" <= "offerings"."target")
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"typed_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"agreement_sha256" text NOT NULL,
	"document_sha256" text NOT NULL,
	"document_id" uuid
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offering_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"agreement_sha256" text,
	"signed_at" timestamp with time zone,
	"signed_document_id" uuid,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"called_at" timestamp with time zone,
	"funded_at" timestamp with time zone,
	"investment_id" uuid,
	"cancelled_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('pending', 'signed', 'accepted', 'called', 'funded', 'cancelled')),
	CONSTRAINT "subscriptions_amount_check" CHECK ("subscriptions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_category_check";--> statement-breakpoint
ALTER TABLE "distribution_allocations" ADD COLUMN "end_to_end_id" text;--> statement-breakpoint
ALTER TABLE "distribution_allocations" ADD COLUMN "bank_status" text;--> statement-breakpoint
ALTER TABLE "distribution_allocations" ADD COLUMN "bank_status_on" date;--> statement-breakpoint
ALTER TABLE "distribution_allocations" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_import_id_bank_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_call_line_id_capital_call_lines_id_fk" FOREIGN KEY ("call_line_id") REFERENCES "public"."capital_call_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_payout_user_id_users_id_fk" FOREIGN KEY ("payout_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_call_lines" ADD CONSTRAINT "capital_call_lines_call_id_capital_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."capital_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_call_lines" ADD CONSTRAINT "capital_call_lines_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_call_lines" ADD CONSTRAINT "capital_call_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_calls" ADD CONSTRAINT "capital_calls_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_calls" ADD CONSTRAINT "capital_calls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_downloads" ADD CONSTRAINT "data_room_downloads_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_downloads" ADD CONSTRAINT "data_room_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_checks" ADD CONSTRAINT "kyc_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_checks" ADD CONSTRAINT "kyc_checks_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_signed_document_id_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_key" ON "bank_transactions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "bank_transactions_outcome_idx" ON "bank_transactions" USING btree ("outcome","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_transactions_call_line_idx" ON "bank_transactions" USING btree ("call_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "capital_call_lines_reference_key" ON "capital_call_lines" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "capital_call_lines_call_subscription_key" ON "capital_call_lines" USING btree ("call_id","subscription_id");--> statement-breakpoint
CREATE INDEX "capital_call_lines_subscription_idx" ON "capital_call_lines" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "capital_call_lines_user_idx" ON "capital_call_lines" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "capital_calls_offering_idx" ON "capital_calls" USING btree ("offering_id","created_at");--> statement-breakpoint
CREATE INDEX "data_room_downloads_document_idx" ON "data_room_downloads" USING btree ("document_id","downloaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_id","kind","uploaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "offerings_open_project_key" ON "offerings" USING btree ("project_id") WHERE "offerings"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_document_sha256_key" ON "signatures" USING btree ("document_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_subscription_key" ON "signatures" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_open_key" ON "subscriptions" USING btree ("offering_id","user_id") WHERE "subscriptions"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_allocations_end_to_end_key" ON "distribution_allocations" USING btree ("end_to_end_id");--> statement-breakpoint
ALTER TABLE "distribution_allocations" ADD CONSTRAINT "distribution_allocations_bank_status_check" CHECK ("distribution_allocations"."bank_status" in ('booked', 'returned'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_category_check" CHECK ("documents"."category" in ('Contracts', 'Tax Documents', 'Investment Reports', 'Perk Documentation', 'General', 'Offering'));