CREATE TABLE "areas" (
	"slug" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"summary_en" text NOT NULL,
	"summary_es" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"featured_rank" integer,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beaches" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"area_slug" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_name" text NOT NULL,
	"tagline_en" text NOT NULL,
	"tagline_es" text NOT NULL,
	"region_name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text DEFAULT 'America/Costa_Rica' NOT NULL,
	"tide_station_id" text,
	"contact_email" text,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"place" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tsv_english" "tsvector" NOT NULL,
	"tsv_spanish" "tsvector" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_locale_pk" PRIMARY KEY("kind","ref_id","locale")
);
--> statement-breakpoint
ALTER TABLE "beaches" ADD CONSTRAINT "beaches_area_slug_areas_slug_fk" FOREIGN KEY ("area_slug") REFERENCES "public"."areas"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "search_documents_tsv_english_idx" ON "search_documents" USING gin ("tsv_english");--> statement-breakpoint
CREATE INDEX "search_documents_tsv_spanish_idx" ON "search_documents" USING gin ("tsv_spanish");--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin ("title" gin_trgm_ops);