CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_payment_id" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotence_key" text NOT NULL,
	"confirmation_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotence_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"return_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"receipt" jsonb,
	"form_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_payment_event_idx" ON "payment_events" USING btree ("provider_payment_id","event");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotence_key_idx" ON "payments" USING btree ("idempotence_key");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_gateway_payments_idempotence_key_idx" ON "test_gateway_payments" USING btree ("idempotence_key");