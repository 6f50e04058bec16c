-- Decision 045 (amended): the 54-FZ receipts of certificate payments are sent to YooKassa (POST /v3/receipts) by a
-- retrying job, and a certificate's part returned gets a receipt of return. One order may now hold an offset receipt
-- and any number of returns: an id of their own, the offset one per order (a unique index in place of the key).
-- Old instances insert with ON CONFLICT DO NOTHING without a target, which the partial unique index still honours.
ALTER TABLE "gift_certificate_receipts" DROP CONSTRAINT "gift_certificate_receipts_pkey";
--> statement-breakpoint
ALTER TABLE "gift_certificate_receipts" ADD COLUMN "id" serial PRIMARY KEY;
--> statement-breakpoint
ALTER TABLE "gift_certificate_receipts" ADD COLUMN "type" text DEFAULT 'payment' NOT NULL;
--> statement-breakpoint
ALTER TABLE "gift_certificate_receipts" ADD COLUMN "amount" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "gift_certificate_receipts" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "gift_certificate_receipts" ADD COLUMN "provider_receipt_id" text;
--> statement-breakpoint
ALTER TABLE "gift_certificate_receipts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "gift_certificate_receipts" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "gift_certificate_receipts" ADD COLUMN "last_error" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_certificate_receipts_offset_idx" ON "gift_certificate_receipts" ("order_id") WHERE "type" = 'payment';
--> statement-breakpoint
CREATE INDEX "gift_certificate_receipts_due_idx" ON "gift_certificate_receipts" ("next_attempt_at") WHERE "state" = 'pending';
--> statement-breakpoint
-- What of the certificates' part of an order went back to them by a partial refund or a cancel, ₽ (decision 045):
-- with the card's refunds it tells «Возвращён» from «Частично возвращён».
ALTER TABLE "orders" ADD COLUMN "certificate_refunded" integer DEFAULT 0 NOT NULL;
