-- The 1C import reads a file into these tables first, in short statements the shop's other requests interleave
-- with, then applies them with set-based SQL in one transaction (decision 035). Rows live as long as one file's
-- import; UNLOGGED: nothing in them must survive a crash (1C sends the file again), and no WAL is written for them.
CREATE UNLOGGED TABLE "exchange_staged_goods" (
	"run" integer NOT NULL,
	"seq" integer NOT NULL,
	"external_id" text NOT NULL,
	"deleted" boolean NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"gtin" text,
	"group_id" text NOT NULL,
	"url" text NOT NULL,
	"family_key" text NOT NULL,
	"volume" text NOT NULL,
	"volume_ml" integer NOT NULL,
	"description" text NOT NULL,
	"country" text NOT NULL,
	"brand" text,
	"latin_name" text NOT NULL,
	"plant_part" text NOT NULL,
	"extraction_method" text NOT NULL,
	"composition" text NOT NULL,
	"usage" text NOT NULL,
	"safety" text NOT NULL,
	"external_data" jsonb NOT NULL,
	"pictures" text[] NOT NULL,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_staged_goods_run_seq_pk" PRIMARY KEY("run","seq")
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "exchange_staged_offers" (
	"run" integer NOT NULL,
	"seq" integer NOT NULL,
	"external_id" text NOT NULL,
	"base_id" text,
	"url" text,
	"volume" text NOT NULL,
	"volume_ml" integer NOT NULL,
	"retail" integer,
	"old" integer,
	"stock" integer,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_staged_offers_run_seq_pk" PRIMARY KEY("run","seq")
);
