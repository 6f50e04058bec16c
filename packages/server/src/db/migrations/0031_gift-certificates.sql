-- Gift certificates (issue 42, decision 045): the certificate and its balance, the ledger of its movements, the codes
-- a cart holds until checkout, the recipients named at checkout; and the part of an order's total paid by
-- certificates (a means of payment, not a discount).
CREATE TABLE "gift_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"value" integer NOT NULL,
	"balance" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"product_id" integer,
	"order_unit" integer,
	"buyer_user_id" integer,
	"buyer_name" text DEFAULT '' NOT NULL,
	"buyer_email" text NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_certificates_code_unique" UNIQUE("code"),
	CONSTRAINT "gift_certificates_balance_range" CHECK ("gift_certificates"."balance" >= 0 and "gift_certificates"."balance" <= "gift_certificates"."value" and "gift_certificates"."value" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gift_certificates_order_unit_idx" ON "gift_certificates" USING btree ("order_id","order_unit");
--> statement-breakpoint
CREATE INDEX "gift_certificates_buyer_idx" ON "gift_certificates" USING btree ("buyer_user_id");
--> statement-breakpoint
CREATE INDEX "gift_certificates_recipient_idx" ON "gift_certificates" USING btree (lower("recipient_email"));
--> statement-breakpoint
CREATE TABLE "gift_certificate_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"moderator_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gift_certificate_movements_certificate_idx" ON "gift_certificate_movements" USING btree ("certificate_id","id");
--> statement-breakpoint
CREATE INDEX "gift_certificate_movements_order_idx" ON "gift_certificate_movements" USING btree ("order_id") WHERE "gift_certificate_movements"."order_id" is not null;
--> statement-breakpoint
CREATE TABLE "cart_certificates" (
	"cart_id" uuid NOT NULL,
	"certificate_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_certificates_cart_id_certificate_id_pk" PRIMARY KEY("cart_id","certificate_id")
);
--> statement-breakpoint
CREATE TABLE "gift_certificate_recipients" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"recipients" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_certificate_receipts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"receipt" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "certificate_amount" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_certificate_amount_range" CHECK ("orders"."certificate_amount" >= 0 and "orders"."certificate_amount" <= "orders"."total");
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
