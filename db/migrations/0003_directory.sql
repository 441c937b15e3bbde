CREATE TABLE "business_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"claim_type" text NOT NULL,
	"verification_method" text NOT NULL,
	"contact_details" text NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_claims_type_check" CHECK ("business_claims"."claim_type" in ('business_owner', 'authorized_manager', 'information_correction')),
	CONSTRAINT "business_claims_method_check" CHECK ("business_claims"."verification_method" in ('email', 'phone', 'documents', 'in_person')),
	CONSTRAINT "business_claims_status_check" CHECK ("business_claims"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "business_closures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"kind" text DEFAULT 'holiday' NOT NULL,
	"note_en" text DEFAULT '' NOT NULL,
	"note_es" text DEFAULT '' NOT NULL,
	CONSTRAINT "business_closures_range_check" CHECK ("business_closures"."ends_on" >= "business_closures"."starts_on"),
	CONSTRAINT "business_closures_kind_check" CHECK ("business_closures"."kind" in ('holiday', 'seasonal', 'other'))
);
--> statement-breakpoint
CREATE TABLE "business_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_events_kind_check" CHECK ("business_events"."kind" in ('view', 'phone', 'whatsapp', 'email', 'website', 'directions'))
);
--> statement-breakpoint
CREATE TABLE "business_hours" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_at" smallint NOT NULL,
	"closes_at" smallint NOT NULL,
	CONSTRAINT "business_hours_weekday_check" CHECK ("business_hours"."weekday" between 0 and 6),
	CONSTRAINT "business_hours_opens_check" CHECK ("business_hours"."opens_at" between 0 and 1439),
	CONSTRAINT "business_hours_closes_check" CHECK ("business_hours"."closes_at" between 1 and 1440 and "business_hours"."closes_at" <> "business_hours"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "business_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt_en" text DEFAULT '' NOT NULL,
	"alt_es" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"area_slug" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"phone" text,
	"whatsapp" text,
	"email" text,
	"website" text,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"specialties_en" text[] DEFAULT '{}'::text[] NOT NULL,
	"specialties_es" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"seo_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"meta_title_en" text,
	"meta_title_es" text,
	"meta_description_en" text,
	"meta_description_es" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"rating_average" double precision DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"owner_id" text,
	"created_by" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_status_check" CHECK ("businesses"."status" in ('verified', 'pending', 'draft')),
	CONSTRAINT "businesses_category_check" CHECK ("businesses"."category" in ('services', 'restaurant', 'accommodation', 'retail', 'health', 'automotive', 'entertainment', 'education', 'real-estate', 'construction', 'technology', 'finance')),
	CONSTRAINT "businesses_rating_check" CHECK ("businesses"."rating_average" >= 0 and "businesses"."rating_average" <= 5)
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"price_minor" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_items_currency_check" CHECK ("menu_items"."currency" in ('USD', 'CRC')),
	CONSTRAINT "menu_items_price_check" CHECK ("menu_items"."price_minor" is null or "menu_items"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" text,
	"demo_author_name" text,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"owner_reply" text,
	"owner_reply_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('published', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_closures" ADD CONSTRAINT "business_closures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_events" ADD CONSTRAINT "business_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_images" ADD CONSTRAINT "business_images_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_images" ADD CONSTRAINT "business_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_area_slug_areas_slug_fk" FOREIGN KEY ("area_slug") REFERENCES "public"."areas"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_claims_open_idx" ON "business_claims" USING btree ("business_id","user_id") WHERE "business_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "business_claims_status_idx" ON "business_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "business_claims_user_idx" ON "business_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "business_closures_business_idx" ON "business_closures" USING btree ("business_id","starts_on");--> statement-breakpoint
CREATE INDEX "business_events_business_idx" ON "business_events" USING btree ("business_id","occurred_at");--> statement-breakpoint
CREATE INDEX "business_hours_business_idx" ON "business_hours" USING btree ("business_id","weekday");--> statement-breakpoint
CREATE INDEX "business_images_business_idx" ON "business_images" USING btree ("business_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_slug_idx" ON "businesses" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "businesses_status_category_idx" ON "businesses" USING btree ("status","category");--> statement-breakpoint
CREATE INDEX "businesses_status_area_idx" ON "businesses" USING btree ("status","area_slug");--> statement-breakpoint
CREATE INDEX "businesses_status_rating_idx" ON "businesses" USING btree ("status","rating_average");--> statement-breakpoint
CREATE INDEX "businesses_status_name_idx" ON "businesses" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "businesses_created_by_idx" ON "businesses" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "menu_items_business_idx" ON "menu_items" USING btree ("business_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_user_idx" ON "review_reports" USING btree ("review_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_business_user_idx" ON "reviews" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_business_created_idx" ON "reviews" USING btree ("business_id","created_at");