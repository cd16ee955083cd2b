CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"refusal_reason" text,
	"keep_until" date,
	CONSTRAINT "erasure_requests_status_check" CHECK ("erasure_requests"."status" in ('pending', 'withdrawn', 'refused', 'carried_out')),
	CONSTRAINT "erasure_requests_refusal_check" CHECK (("erasure_requests"."status" = 'refused') = ("erasure_requests"."refusal_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasure_requests_created_idx" ON "erasure_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "erasure_requests_user_idx" ON "erasure_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_one_pending_key" ON "erasure_requests" USING btree ("user_id") WHERE "erasure_requests"."status" = 'pending';