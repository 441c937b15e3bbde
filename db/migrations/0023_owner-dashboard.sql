CREATE TABLE "business_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_events" ADD COLUMN "source" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "section_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "section_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "dietary_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "image_widths" integer[];--> statement-breakpoint
ALTER TABLE "business_slug_redirects" ADD CONSTRAINT "business_slug_redirects_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_slug_redirects_business_idx" ON "business_slug_redirects" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "business_events" ADD CONSTRAINT "business_events_source_check" CHECK ("business_events"."source" in ('search', 'category', 'direct', 'concierge'));