DROP INDEX "businesses_status_category_idx";--> statement-breakpoint
DROP INDEX "businesses_status_area_idx";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_words" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_names" "tsvector" GENERATED ALWAYS AS (strip(to_tsvector('playa_english'::regconfig, name) || to_tsvector('playa_spanish'::regconfig, name))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "open_week" "int4multirange" DEFAULT '{}'::int4multirange NOT NULL;--> statement-breakpoint
CREATE INDEX "businesses_search_words_idx" ON "businesses" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "businesses_category_recommended_idx" ON "businesses" USING btree ("status","category","is_premium" DESC NULLS FIRST,"rating_average" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"name");--> statement-breakpoint
CREATE INDEX "businesses_area_recommended_idx" ON "businesses" USING btree ("status","area_slug","is_premium" DESC NULLS FIRST,"rating_average" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"name");