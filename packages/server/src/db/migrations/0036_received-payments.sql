-- Money the shop receives itself (issue 38 point 3, decision 056): a bank transfer by invoice, cash at pickup, cash
-- on delivery, marked by a moderator with its date and amount (several rows make a partial payment whole). A new
-- table only: old instances never read it.
CREATE TABLE "received_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sposob_oplat" integer NOT NULL,
	"amount" integer NOT NULL,
	"received_on" date NOT NULL,
	"comment" text,
	"moderator_id" integer NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "received_payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "received_payments_amount_positive" CHECK ("received_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "received_payments_order_idx" ON "received_payments" USING btree ("order_id");
