ALTER TABLE "bookings" ADD COLUMN "nights" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "nights" = sub."nights" FROM (SELECT "booking_id", jsonb_agg(to_char("night", 'YYYY-MM-DD') ORDER BY "night") AS "nights" FROM "booking_nights" GROUP BY "booking_id") AS sub WHERE sub."booking_id" = "bookings"."id";
