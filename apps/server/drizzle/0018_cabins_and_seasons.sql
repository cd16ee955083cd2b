CREATE TABLE "activity_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"perk_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"party_size" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_requests_status_check" CHECK ("activity_requests"."status" in ('pending', 'approved', 'declined', 'cancelled')),
	CONSTRAINT "activity_requests_party_check" CHECK ("activity_requests"."party_size" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "allowance_reminders" (
	"allowance_id" uuid NOT NULL,
	"expires_at" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowance_reminders_allowance_id_expires_at_days_before_pk" PRIMARY KEY("allowance_id","expires_at","days_before")
);
--> statement-breakpoint
CREATE TABLE "cabins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sleeps" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cabins_sleeps_check" CHECK ("cabins"."sleeps" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "high_seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"max_nights_per_investor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "high_seasons_dates_check" CHECK ("high_seasons"."ends_on" >= "high_seasons"."starts_on"),
	CONSTRAINT "high_seasons_max_check" CHECK ("high_seasons"."max_nights_per_investor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rental_incomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"nights_rented" integer NOT NULL,
	"gross_income" numeric(14, 2) NOT NULL,
	"share_percent" numeric(5, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_date" date NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_incomes_amounts_check" CHECK ("rental_incomes"."gross_income" >= 0 and "rental_incomes"."amount" >= 0),
	CONSTRAINT "rental_incomes_share_check" CHECK ("rental_incomes"."share_percent" between 0 and 100),
	CONSTRAINT "rental_incomes_nights_check" CHECK ("rental_incomes"."nights_rented" >= 0)
);
--> statement-breakpoint
CREATE TABLE "swap_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"offered_booking_id" uuid NOT NULL,
	"requested_booking_id" uuid NOT NULL,
	"offered_stamp" timestamp with time zone NOT NULL,
	"requested_stamp" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_offers_status_check" CHECK ("swap_offers"."status" in ('pending', 'accepted', 'declined', 'withdrawn', 'void')),
	CONSTRAINT "swap_offers_users_check" CHECK ("swap_offers"."from_user_id" <> "swap_offers"."to_user_id")
);
--> statement-breakpoint
ALTER TABLE "booking_nights" ADD COLUMN "cabin_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rental_share_percent" numeric(5, 2) DEFAULT '70' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_requests" ADD CONSTRAINT "activity_requests_perk_id_perks_id_fk" FOREIGN KEY ("perk_id") REFERENCES "public"."perks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_requests" ADD CONSTRAINT "activity_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_requests" ADD CONSTRAINT "activity_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_requests" ADD CONSTRAINT "activity_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_reminders" ADD CONSTRAINT "allowance_reminders_allowance_id_cabin_allowances_id_fk" FOREIGN KEY ("allowance_id") REFERENCES "public"."cabin_allowances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabins" ADD CONSTRAINT "cabins_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "high_seasons" ADD CONSTRAINT "high_seasons_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_incomes" ADD CONSTRAINT "rental_incomes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_incomes" ADD CONSTRAINT "rental_incomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_incomes" ADD CONSTRAINT "rental_incomes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_incomes" ADD CONSTRAINT "rental_incomes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_offered_booking_id_bookings_id_fk" FOREIGN KEY ("offered_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_requested_booking_id_bookings_id_fk" FOREIGN KEY ("requested_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_requests_user_idx" ON "activity_requests" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "activity_requests_project_status_idx" ON "activity_requests" USING btree ("project_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cabins_project_name_key" ON "cabins" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "high_seasons_project_idx" ON "high_seasons" USING btree ("project_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_incomes_booking_key" ON "rental_incomes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "rental_incomes_user_project_idx" ON "rental_incomes" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "swap_offers_to_idx" ON "swap_offers" USING btree ("to_user_id","status");--> statement-breakpoint
CREATE INDEX "swap_offers_from_idx" ON "swap_offers" USING btree ("from_user_id","status");--> statement-breakpoint
ALTER TABLE "booking_nights" ADD CONSTRAINT "booking_nights_cabin_id_cabins_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_nights_cabin_night_key" ON "booking_nights" USING btree ("cabin_id","night");--> statement-breakpoint
CREATE INDEX "booking_nights_project_night_idx" ON "booking_nights" USING btree ("project_id","night");--> statement-breakpoint
-- Every project gets as many cabins as it has live stays on its busiest night (at least one), and each
-- live night takes one of them, so that no existing request loses its dates.
INSERT INTO "cabins" ("project_id", "name", "sleeps")
SELECT p.id, 'Cabin ' || n, 6
FROM "projects" p
CROSS JOIN LATERAL generate_series(1, greatest(1, (
  SELECT coalesce(max(c), 0) FROM (
    SELECT count(*) AS c FROM "booking_nights" bn WHERE bn.project_id = p.id GROUP BY bn.night
  ) per_night
))) AS n;--> statement-breakpoint
UPDATE "booking_nights" bn SET "cabin_id" = c.id
FROM (
  SELECT booking_id, night, project_id,
    row_number() OVER (PARTITION BY project_id, night ORDER BY booking_id) AS k
  FROM "booking_nights"
) ranked
JOIN "cabins" c ON c.project_id = ranked.project_id AND c.name = 'Cabin ' || ranked.k
WHERE bn.booking_id = ranked.booking_id AND bn.night = ranked.night;--> statement-breakpoint
-- Availability, high seasons, activity requests, swaps and rental income change kept answers: the
-- project-wide ones signal their table, those of one investor the user (migration 0007).
CREATE TRIGGER cabins_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cabins
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change();--> statement-breakpoint
CREATE TRIGGER high_seasons_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON high_seasons
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change();--> statement-breakpoint
CREATE TRIGGER swap_offers_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON swap_offers
  FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change();--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('activity_requests', 'user_id'), ('rental_incomes', 'user_id')) v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER %1$s_signal_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change(%2$L)', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %1$s_signal_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows
      NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change(%2$L)', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %1$s_signal_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change(%2$L)', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %1$s_signal_truncate AFTER TRUNCATE ON %1$I
      FOR EACH STATEMENT EXECUTE FUNCTION portal_signal_change()', t.tbl);
  END LOOP;
END $$;
