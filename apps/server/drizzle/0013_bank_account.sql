ALTER TABLE "users" ADD COLUMN "bank_iban_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_iban_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_bic" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_holder" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bank_account_whole_check" CHECK (("users"."bank_iban_sealed" is null) = ("users"."bank_iban_last4" is null) and ("users"."bank_iban_sealed" is null) = ("users"."bank_holder" is null) and ("users"."bank_iban_sealed" is null) = ("users"."bank_updated_at" is null));