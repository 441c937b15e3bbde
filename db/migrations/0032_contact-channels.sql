ALTER TABLE "business_events" DROP CONSTRAINT "business_events_kind_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "organizer_whatsapp" text;--> statement-breakpoint
ALTER TABLE "business_events" ADD CONSTRAINT "business_events_kind_check" CHECK ("business_events"."kind" in ('view', 'phone', 'whatsapp', 'email', 'website', 'directions', 'waze'));