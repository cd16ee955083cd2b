ALTER TABLE "swap_offers" ADD COLUMN "offered_nights" jsonb;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD COLUMN "requested_nights" jsonb;--> statement-breakpoint
-- An offer made before these columns: its stays' dates now, the other way round once it was accepted
-- (the two requests then hold each other's former dates).
UPDATE "swap_offers" SET
  "offered_nights" = CASE WHEN "swap_offers"."status" = 'accepted' THEN r."nights" ELSE o."nights" END,
  "requested_nights" = CASE WHEN "swap_offers"."status" = 'accepted' THEN o."nights" ELSE r."nights" END
FROM "bookings" o, "bookings" r
WHERE o."id" = "swap_offers"."offered_booking_id" AND r."id" = "swap_offers"."requested_booking_id";--> statement-breakpoint
ALTER TABLE "swap_offers" ALTER COLUMN "offered_nights" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "swap_offers" ALTER COLUMN "requested_nights" SET NOT NULL;
