-- СБП beside cards (the method and how the buyer confirms) and refunds from the back office (decision 028).
ALTER TABLE "payments" ADD COLUMN "method" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmation_type" text DEFAULT 'redirect' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt" jsonb;
--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "method" text;
--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "confirmation_type" text DEFAULT 'redirect' NOT NULL;
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" integer NOT NULL REFERENCES "payments"("id"),
	"provider_refund_id" text,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotence_key" text NOT NULL,
	"comment" text,
	"moderator_id" integer NOT NULL,
	"receipt" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotence_key_idx" ON "payment_refunds" USING btree ("idempotence_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_refund_idx" ON "payment_refunds" USING btree ("provider_refund_id");
--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "test_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"idempotence_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"receipt" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "test_gateway_refunds_idempotence_key_idx" ON "test_gateway_refunds" USING btree ("idempotence_key");
