CREATE TABLE "moderation_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"item_title" text DEFAULT '' NOT NULL,
	"decision" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "user_suspensions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_suspensions_reason_check" CHECK (length("user_suspensions"."reason") > 0)
);
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_status_check";--> statement-breakpoint
ALTER TABLE "moderation_notices" ADD CONSTRAINT "moderation_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_notices_user_idx" ON "moderation_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_reporter_item_idx" ON "moderation_reports" USING btree ("reporter_id","kind","item_id");--> statement-breakpoint
CREATE INDEX "moderation_reports_open_idx" ON "moderation_reports" USING btree ("kind","item_id") WHERE "moderation_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "user_suspensions_user_idx" ON "user_suspensions" USING btree ("user_id","until");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('published', 'pending', 'hidden', 'deleted'));--> statement-breakpoint
-- Hand-written (moderation): review reports move to the shared moderation_reports table; the old free-text reason becomes the note.
INSERT INTO "moderation_reports" ("kind", "item_id", "reporter_id", "reason", "note", "created_at", "resolved_at", "resolution") SELECT 'review', "review_id"::text, "user_id", 'other', "reason", "created_at", "resolved_at", CASE WHEN "resolved_at" IS NULL THEN NULL ELSE 'resolved' END FROM "review_reports";--> statement-breakpoint
DROP TABLE "review_reports" CASCADE;
