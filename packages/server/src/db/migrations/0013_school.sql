CREATE TABLE "course_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"order_id" integer,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"schedule" text NOT NULL,
	"hours" integer NOT NULL,
	"price" integer NOT NULL,
	"teacher_id" integer,
	"programme" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seats_total" integer NOT NULL,
	"seats_left" integer NOT NULL,
	"pos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "courses_url_unique" UNIQUE("url"),
	CONSTRAINT "courses_seats_left_not_negative" CHECK ("courses"."seats_left" >= 0),
	CONSTRAINT "courses_price_not_negative" CHECK ("courses"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "diploma_contracts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diploma_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diploma_documents_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "diploma_sets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewer_id" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "course_enrolments_user_course_idx" ON "course_enrolments" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "course_enrolments_order_idx" ON "course_enrolments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "diploma_documents_user_idx" ON "diploma_documents" USING btree ("user_id","created_at");