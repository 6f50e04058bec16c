CREATE TABLE "pickup_points_catalog" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code" text NOT NULL,
	"type" integer NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"metro" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"work_hours" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(translate(city || ' ' || address || ' ' || name || ' ' || metro || ' ' || zip, 'Ёё', 'Ее'))) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_points_catalog_code_idx" ON "pickup_points_catalog" USING btree ("provider","type","code");--> statement-breakpoint
CREATE INDEX "pickup_points_catalog_city_idx" ON "pickup_points_catalog" USING btree (lower(translate("city", 'Ёё', 'Ее')),"type");--> statement-breakpoint
CREATE INDEX "pickup_points_catalog_geo_idx" ON "pickup_points_catalog" USING btree ("lat","lon");--> statement-breakpoint
CREATE INDEX "pickup_points_catalog_search_idx" ON "pickup_points_catalog" USING gin ("search_text" gin_trgm_ops);