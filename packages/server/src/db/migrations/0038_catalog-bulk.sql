-- The catalogue in bulk (issue 39, decision 058): bulk changes kept for their undo, the spreadsheet import's log, the
-- owner's column mappings remembered by the file's columns, an uploaded file between its steps, and an import's
-- staged rows (written while the file is read, applied in one transaction). New tables only: old instances never
-- read them.
CREATE TABLE "catalog_bulk_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"summary" text NOT NULL,
	"products" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"rows" integer NOT NULL,
	"created" integer NOT NULL,
	"changed" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"refused" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "catalog_import_mappings" (
	"signature" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_import_files" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_import_files_created_idx" ON "catalog_import_files" USING btree ("created_at");
--> statement-breakpoint
CREATE UNLOGGED TABLE "catalog_import_staged" (
	"run" integer NOT NULL,
	"line" integer NOT NULL,
	"product_id" integer,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"family_key" text NOT NULL,
	"volume" text NOT NULL,
	"volume_ml" integer NOT NULL,
	"category_id" integer NOT NULL,
	"kat_global" integer NOT NULL,
	"cena" integer NOT NULL,
	"cena_st" integer NOT NULL,
	"stock" integer NOT NULL,
	"gtin" text,
	"visible" boolean NOT NULL,
	"url" text NOT NULL,
	"before" jsonb,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_import_staged_run_line_pk" PRIMARY KEY("run","line")
);
