ALTER TABLE "subscriptions" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_business_id_idx" ON "subscriptions" USING btree ("business_id");--> statement-breakpoint
-- A plan held before listings had their own was meant for its owner's listing: attach it when the owner has exactly one.
UPDATE "subscriptions" SET "business_id" = (SELECT "id" FROM "businesses" WHERE "businesses"."owner_id" = "subscriptions"."user_id") WHERE "business_id" IS NULL AND (SELECT count(*) FROM "businesses" WHERE "businesses"."owner_id" = "subscriptions"."user_id") = 1;
