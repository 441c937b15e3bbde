CREATE TABLE "ad_stats" (
	"ad_id" uuid NOT NULL,
	"day" date NOT NULL,
	"page_kind" text NOT NULL,
	"language" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_stats_ad_id_day_page_kind_language_pk" PRIMARY KEY("ad_id","day","page_kind","language")
);
--> statement-breakpoint
CREATE TABLE "house_ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"headline_en" text NOT NULL,
	"headline_es" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_es" text DEFAULT '' NOT NULL,
	"target_url" text NOT NULL,
	"image_en_key" text,
	"image_en_widths" integer[],
	"image_es_key" text,
	"image_es_widths" integer[],
	"alt_en" text DEFAULT '' NOT NULL,
	"alt_es" text DEFAULT '' NOT NULL,
	"page_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"review_note" text,
	"created_by" text,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_stats" ADD CONSTRAINT "ad_stats_ad_id_house_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."house_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_ads" ADD CONSTRAINT "house_ads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_ads" ADD CONSTRAINT "house_ads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_ads" ADD CONSTRAINT "house_ads_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "house_ads_live_idx" ON "house_ads" USING btree ("status","starts_at") WHERE "house_ads"."status" = 'active';--> statement-breakpoint
CREATE INDEX "house_ads_business_idx" ON "house_ads" USING btree ("business_id");--> statement-breakpoint
-- hand-written: the enterprise plan's default now includes the listing's own ads; an installation
-- whose admin has already edited its features keeps what the admin chose, plus this one key.
UPDATE "plans" SET "features" = "features" || '["adPlacement"]'::jsonb WHERE "id" = 'enterprise' AND NOT ("features" @> '["adPlacement"]'::jsonb);
