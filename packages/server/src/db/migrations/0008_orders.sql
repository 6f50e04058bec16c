CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"volume" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"cena" integer NOT NULL,
	"cena_st" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"sum" integer NOT NULL,
	"gift" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"user_id" integer,
	"guest_key" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"payment_state" text DEFAULT 'not_required' NOT NULL,
	"name" text NOT NULL,
	"fam" text NOT NULL,
	"email" text NOT NULL,
	"tel" text NOT NULL,
	"delivery" jsonb NOT NULL,
	"delivery_name" text NOT NULL,
	"delivery_price" integer DEFAULT 0 NOT NULL,
	"sposob_oplat" integer NOT NULL,
	"promo_code" text,
	"skidka" integer DEFAULT 0 NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"goods_total" integer NOT NULL,
	"total" integer NOT NULL,
	"hydr" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "orders_totals_not_negative" CHECK ("orders"."total" >= 0 and "orders"."goods_total" >= 0)
);
--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");