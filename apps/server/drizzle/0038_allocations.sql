CREATE TABLE "allocation_preferences" (
	"allocation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"choices" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocation_preferences_allocation_id_user_id_pk" PRIMARY KEY("allocation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "allocation_stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"allocation_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"user_id" uuid,
	"booking_id" uuid,
	CONSTRAINT "allocation_stays_dates_check" CHECK ("allocation_stays"."check_out" > "allocation_stays"."check_in")
);
--> statement-breakpoint
CREATE TABLE "allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"preferences_due" timestamp with time zone NOT NULL,
	"runs_at" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone,
	"draw_order" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocations_status_check" CHECK ("allocations"."status" in ('open', 'run'))
);
--> statement-breakpoint
ALTER TABLE "allocation_preferences" ADD CONSTRAINT "allocation_preferences_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_preferences" ADD CONSTRAINT "allocation_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_stays" ADD CONSTRAINT "allocation_stays_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_stays" ADD CONSTRAINT "allocation_stays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_stays" ADD CONSTRAINT "allocation_stays_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_stays_allocation_idx" ON "allocation_stays" USING btree ("allocation_id","check_in");--> statement-breakpoint
CREATE INDEX "allocations_project_idx" ON "allocations" USING btree ("project_id","runs_at");