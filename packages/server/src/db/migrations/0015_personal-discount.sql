ALTER TABLE "users" ADD COLUMN "skidka_manual" integer;--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_tel_digits_idx" ON "orders" USING btree (right(regexp_replace("tel", '[^0-9]', '', 'g'), 10));