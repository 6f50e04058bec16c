CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"fam" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"avatar_type" text DEFAULT 'other' NOT NULL,
	"avatar_photo" text,
	"skidka" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"pos" integer DEFAULT 0 NOT NULL,
	"show_in_submenu" boolean DEFAULT false NOT NULL,
	"foto" text,
	"foto_main" jsonb,
	"webp" text,
	"kat_global" integer DEFAULT 0 NOT NULL,
	"html_title" text,
	"meta_description" text,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "categories_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"img" text,
	"color" text,
	"pos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"img" jsonb NOT NULL,
	"name" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"show" text DEFAULT 'all' NOT NULL,
	"color" text DEFAULT '#ffffff' NOT NULL,
	"pos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"kind" text DEFAULT 'static' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_pages_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","pos");--> statement-breakpoint
CREATE INDEX "menu_items_menu_idx" ON "menu_items" USING btree ("menu","pos");