ALTER TABLE "bookings" ADD COLUMN "guest_email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Bookings made before this change already emailed their guests: their addresses count as confirmed.
UPDATE "bookings" SET "guest_email_confirmed_at" = "created_at";
