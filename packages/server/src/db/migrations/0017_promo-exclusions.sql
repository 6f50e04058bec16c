ALTER TABLE "promo_codes" ADD COLUMN "excluded_category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- The demo's first-order code says it does not work on gift certificates: now it does not.
UPDATE "promo_codes" SET "excluded_category_ids" = ARRAY(SELECT "id" FROM "categories" WHERE "url" = '/sertifikaty') WHERE upper("code") = 'EFIR10';
