DROP INDEX "businesses_status_rating_idx";--> statement-breakpoint
DROP INDEX "businesses_status_name_idx";--> statement-breakpoint
CREATE INDEX "business_hours_weekday_idx" ON "business_hours" USING btree ("weekday","opens_at","closes_at");--> statement-breakpoint
CREATE INDEX "businesses_recommended_idx" ON "businesses" USING btree ("status","is_premium" DESC NULLS FIRST,"rating_average" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"name");--> statement-breakpoint
CREATE INDEX "businesses_status_rating_idx" ON "businesses" USING btree ("status","rating_average" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"name");--> statement-breakpoint
CREATE INDEX "businesses_status_name_idx" ON "businesses" USING btree ("status","name","id");