CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"latin_name" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"family_key" text NOT NULL,
	"volume" text DEFAULT '' NOT NULL,
	"volume_ml" integer DEFAULT 0 NOT NULL,
	"cena" integer NOT NULL,
	"cena_st" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"category_id" integer NOT NULL,
	"kat_global" integer DEFAULT 0 NOT NULL,
	"icons" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"composition" text DEFAULT '' NOT NULL,
	"usage" text DEFAULT '' NOT NULL,
	"safety" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"plant_part" text DEFAULT '' NOT NULL,
	"extraction_method" text DEFAULT '' NOT NULL,
	"avg_rating" real DEFAULT 0 NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"html_title" text,
	"meta_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian', translate(name, 'Ёё', 'Ее')), 'A') || setweight(to_tsvector('simple', latin_name), 'A') || setweight(to_tsvector('russian', translate(regexp_replace(description, '<[^>]+>', ' ', 'g'), 'Ёё', 'Ее')), 'C')) STORED,
	CONSTRAINT "products_url_unique" UNIQUE("url"),
	CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_prices_not_negative" CHECK ("products"."cena" >= 0 and "products"."cena_st" >= 0)
);
--> statement-breakpoint
CREATE TABLE "article_tags" (
	"article_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "article_tags_article_id_tag_id_pk" PRIMARY KEY("article_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"razdel_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"avg_rating" real DEFAULT 0 NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"html_title" text,
	"meta_description" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian', translate(title, 'Ёё', 'Ее')), 'A') || setweight(to_tsvector('russian', translate(excerpt, 'Ёё', 'Ее')), 'B') || setweight(to_tsvector('russian', translate(regexp_replace(html, '<[^>]+>', ' ', 'g'), 'Ёё', 'Ее')), 'C')) STORED,
	CONSTRAINT "articles_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"photo" jsonb,
	"bio" text DEFAULT '' NOT NULL,
	"pos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "authors_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "razdels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "razdels_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "recipe_ingredients" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipe_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"amount" text DEFAULT '' NOT NULL,
	"pos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_tags" (
	"recipe_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "recipe_tags_recipe_id_tag_id_pk" PRIMARY KEY("recipe_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"razdel_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"avg_rating" real DEFAULT 0 NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"html_title" text,
	"meta_description" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian', translate(title, 'Ёё', 'Ее')), 'A') || setweight(to_tsvector('russian', translate(excerpt, 'Ёё', 'Ее')), 'B') || setweight(to_tsvector('russian', translate(regexp_replace(html, '<[^>]+>', ' ', 'g'), 'Ёё', 'Ее')), 'C')) STORED,
	"yield" text DEFAULT '' NOT NULL,
	"time_minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recipes_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "tags_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_family_idx" ON "products" USING btree ("family_key","volume_ml");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower(translate("name", 'Ёё', 'Ее')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "article_tags_tag_idx" ON "article_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "articles_razdel_idx" ON "articles" USING btree ("razdel_id","published_at");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin (lower(translate("title", 'Ёё', 'Ее')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipe_ingredients_recipe_idx" ON "recipe_ingredients" USING btree ("recipe_id","pos");--> statement-breakpoint
CREATE INDEX "recipe_tags_tag_idx" ON "recipe_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "recipes_razdel_idx" ON "recipes" USING btree ("razdel_id","published_at");--> statement-breakpoint
CREATE INDEX "recipes_search_idx" ON "recipes" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "recipes_title_trgm_idx" ON "recipes" USING gin (lower(translate("title", 'Ёё', 'Ее')) gin_trgm_ops);