CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"parent_id" integer,
	"user_id" integer NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"rating" integer NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "shop_reviews_rating_range" CHECK ("shop_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_rating_range" CHECK ("votes"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX "comments_item_idx" ON "comments" USING btree ("item_type","item_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shop_reviews_status_idx" ON "shop_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shop_reviews_user_idx" ON "shop_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_item_user_idx" ON "votes" USING btree ("item_type","item_id","user_id");--> statement-breakpoint
CREATE INDEX "votes_user_idx" ON "votes" USING btree ("user_id");