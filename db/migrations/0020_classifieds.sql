CREATE TABLE "classified_ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"author_id" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"price_minor" bigint,
	"currency" text DEFAULT 'USD' NOT NULL,
	"condition" text,
	"area_slug" text NOT NULL,
	"phone" text,
	"show_phone" boolean DEFAULT false NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"status_reason" text,
	"text_hash" text NOT NULL,
	"sold_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"reminder_sent_for" timestamp with time zone,
	"reminder_lease_until" timestamp with time zone,
	"indexed" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classified_ads_category_check" CHECK ("category" in ('for-sale', 'wanted', 'free', 'services', 'jobs', 'rooms', 'vehicles', 'lost-found')),
	CONSTRAINT "classified_ads_condition_check" CHECK ("condition" is null or "condition" in ('new', 'like-new', 'good', 'fair', 'for-parts')),
	CONSTRAINT "classified_ads_currency_check" CHECK ("currency" in ('USD', 'CRC')),
	CONSTRAINT "classified_ads_language_check" CHECK ("language" in ('en', 'es')),
	CONSTRAINT "classified_ads_status_check" CHECK ("status" in ('published', 'pending', 'hidden', 'deleted')),
	CONSTRAINT "classified_ads_price_check" CHECK ("price_minor" is null or "price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "classified_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"buyer_id" text NOT NULL,
	"token" text NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classified_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_hash" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classified_ads" ADD CONSTRAINT "classified_ads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classified_ads" ADD CONSTRAINT "classified_ads_area_slug_areas_slug_fk" FOREIGN KEY ("area_slug") REFERENCES "public"."areas"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "classified_conversations" ADD CONSTRAINT "classified_conversations_ad_id_classified_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."classified_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classified_conversations" ADD CONSTRAINT "classified_conversations_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classified_photos" ADD CONSTRAINT "classified_photos_ad_id_classified_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."classified_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classified_ads_slug_idx" ON "classified_ads" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "classified_ads_list_idx" ON "classified_ads" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "classified_ads_author_idx" ON "classified_ads" USING btree ("author_id","status");--> statement-breakpoint
CREATE INDEX "classified_ads_text_hash_idx" ON "classified_ads" USING btree ("author_id","text_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "classified_conversations_token_idx" ON "classified_conversations" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "classified_conversations_ad_buyer_idx" ON "classified_conversations" USING btree ("ad_id","buyer_id");--> statement-breakpoint
CREATE INDEX "classified_photos_ad_idx" ON "classified_photos" USING btree ("ad_id","sort_order");--> statement-breakpoint
CREATE INDEX "classified_photos_hash_idx" ON "classified_photos" USING btree ("content_hash");