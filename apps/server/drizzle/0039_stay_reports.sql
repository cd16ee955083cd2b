CREATE TABLE "stay_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"photo_key" text,
	"photo_name" text,
	"photo_mime" text,
	"photo_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_reports_status_check" CHECK ("stay_reports"."status" in ('new', 'in_progress', 'done')),
	CONSTRAINT "stay_reports_photo_check" CHECK (("stay_reports"."photo_key" is null) = ("stay_reports"."photo_mime" is null) and ("stay_reports"."photo_key" is null) = ("stay_reports"."photo_name" is null))
);
--> statement-breakpoint
ALTER TABLE "stay_reports" ADD CONSTRAINT "stay_reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_reports" ADD CONSTRAINT "stay_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_reports" ADD CONSTRAINT "stay_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_reports_booking_created_idx" ON "stay_reports" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "stay_reports_created_idx" ON "stay_reports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stay_reports_status_created_idx" ON "stay_reports" USING btree ("status","created_at" DESC NULLS LAST);