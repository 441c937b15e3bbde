CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"description_language" text DEFAULT 'en' NOT NULL,
	"listing_type" text NOT NULL,
	"property_type" text NOT NULL,
	"price_usd" integer NOT NULL,
	"bedrooms" integer DEFAULT 0 NOT NULL,
	"bathrooms" real DEFAULT 0 NOT NULL,
	"lot_m2" integer,
	"construction_m2" integer,
	"area_slug" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"title_type" text DEFAULT 'titled' NOT NULL,
	"in_maritime_zone" boolean DEFAULT false NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"preferred_contact" text DEFAULT 'email' NOT NULL,
	"agent_listing" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_listing_type_check" CHECK ("listing_type" in ('sale', 'rent-long', 'rent-vacation')),
	CONSTRAINT "properties_property_type_check" CHECK ("property_type" in ('house', 'condo', 'apartment', 'lot', 'commercial', 'farm')),
	CONSTRAINT "properties_title_type_check" CHECK ("title_type" in ('titled', 'concession')),
	CONSTRAINT "properties_contact_check" CHECK ("preferred_contact" in ('email', 'phone', 'whatsapp')),
	CONSTRAINT "properties_status_check" CHECK ("status" in ('published', 'pending', 'hidden', 'deleted')),
	CONSTRAINT "properties_price_check" CHECK ("price_usd" > 0),
	CONSTRAINT "properties_rooms_check" CHECK ("bedrooms" >= 0 and "bathrooms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "property_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"widths" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"sender_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"preferred_contact" text DEFAULT 'email' NOT NULL,
	"message" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_leads_status_check" CHECK ("status" in ('new', 'contacted', 'viewing', 'closed')),
	CONSTRAINT "property_leads_contact_check" CHECK ("preferred_contact" in ('email', 'phone', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "saved_property_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"filters" jsonb NOT NULL,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_property_searches_frequency_check" CHECK ("frequency" in ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"search_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"price_usd" integer NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_matches_search_id_property_id_pk" PRIMARY KEY("search_id","property_id")
);
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_area_slug_areas_slug_fk" FOREIGN KEY ("area_slug") REFERENCES "public"."areas"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_leads" ADD CONSTRAINT "property_leads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_leads" ADD CONSTRAINT "property_leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_leads" ADD CONSTRAINT "property_leads_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_property_searches" ADD CONSTRAINT "saved_property_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_search_id_saved_property_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_property_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "properties_slug_idx" ON "properties" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "properties_status_idx" ON "properties" USING btree ("status","agent_listing","published_at");--> statement-breakpoint
CREATE INDEX "properties_owner_idx" ON "properties" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "property_images_property_idx" ON "property_images" USING btree ("property_id","sort_order");--> statement-breakpoint
CREATE INDEX "property_leads_owner_idx" ON "property_leads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_property_searches_user_idx" ON "saved_property_searches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_property_searches_run_idx" ON "saved_property_searches" USING btree ("last_run_at");--> statement-breakpoint
-- The agent plan: what it gives and its monthly price are data an admin can change; until billing lands an admin grants it as the use:agent-plan:any permission.
INSERT INTO "plans" ("id", "sort_order", "monthly_price_usd_cents", "features") VALUES ('agent', 10, 4900, '["moreListings","featuredPlacement","verifiedAgentBadge","leadsDashboard"]'::jsonb) ON CONFLICT ("id") DO NOTHING;
