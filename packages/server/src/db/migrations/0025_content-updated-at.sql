ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Rows that exist already were last changed, as far as anyone knows, when they appeared.
UPDATE "products" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "articles" SET "updated_at" = "published_at";--> statement-breakpoint
UPDATE "recipes" SET "updated_at" = "published_at";--> statement-breakpoint
-- Every change of a row (the back office, a sale taking stock, a vote) dates it: the sitemap's lastmod is real
-- whichever code path made the change.
CREATE FUNCTION "touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_touch" BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "articles_touch" BEFORE UPDATE ON "articles" FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "recipes_touch" BEFORE UPDATE ON "recipes" FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "courses_touch" BEFORE UPDATE ON "courses" FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "static_pages_touch" BEFORE UPDATE ON "static_pages" FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();
