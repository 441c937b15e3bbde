ALTER TABLE "forum_replies" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
-- Replies published before this column existed were announced when they were published.
UPDATE "forum_replies" SET "notified_at" = "created_at" WHERE "status" <> 'pending';
