-- «Купить в 1 клик» (issue 23): the order waits for the shop's call; it stays in the spec's status «new».
ALTER TABLE "orders" ADD COLUMN "call_back" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Shipment tracking: the carrier and its tracking number, written by the moderator when shipping.
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
-- The carrier's own last status code (CDEK: DELIVERED, ACCEPTED_AT_PICK_UP_POINT…) and when it was last asked.
ALTER TABLE "orders" ADD COLUMN "carrier_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_checked_at" timestamp with time zone;--> statement-breakpoint
-- A webhook names the parcel by its tracking number; the poller walks shipped parcels of one carrier.
CREATE INDEX "orders_tracking_idx" ON "orders" USING btree ("carrier","tracking_number") WHERE "tracking_number" IS NOT NULL;--> statement-breakpoint
-- The back office lists one-click orders that still wait for a call first.
CREATE INDEX "orders_call_back_idx" ON "orders" USING btree ("created_at") WHERE "call_back" AND "status" = 'new';
