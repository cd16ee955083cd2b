CREATE TABLE "delegations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"principal_id" uuid NOT NULL,
	"invited_email" text NOT NULL,
	"delegate_id" uuid,
	"role" text NOT NULL,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "delegations_role_check" CHECK ("delegations"."role" in ('viewer', 'accountant', 'co-owner')),
	CONSTRAINT "delegations_email_check" CHECK (length("delegations"."invited_email") between 3 and 254),
	CONSTRAINT "delegations_not_self_check" CHECK ("delegations"."delegate_id" is null or "delegations"."delegate_id" <> "delegations"."principal_id")
);
--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_principal_id_users_id_fk" FOREIGN KEY ("principal_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegations_principal_idx" ON "delegations" USING btree ("principal_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "delegations_delegate_idx" ON "delegations" USING btree ("delegate_id");--> statement-breakpoint
CREATE INDEX "delegations_email_idx" ON "delegations" USING btree (lower("invited_email"));