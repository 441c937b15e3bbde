CREATE TABLE "alert_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"change" text NOT NULL,
	"note_en" text DEFAULT '' NOT NULL,
	"note_es" text DEFAULT '' NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_updates_change_check" CHECK ("change" in ('published', 'updated', 'ended')),
	CONSTRAINT "alert_updates_note_check" CHECK (char_length("note_en") <= 500 and char_length("note_es") <= 500)
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_es" text DEFAULT '' NOT NULL,
	"source_name" text NOT NULL,
	"source_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_kind_check" CHECK ("kind" in ('red-tide', 'power', 'water', 'road', 'surf', 'weather', 'water-quality', 'wildlife', 'other')),
	CONSTRAINT "alerts_severity_check" CHECK ("severity" in ('information', 'advisory', 'warning', 'emergency')),
	CONSTRAINT "alerts_status_check" CHECK ("status" in ('draft', 'published', 'ended')),
	CONSTRAINT "alerts_window_check" CHECK ("alerts"."expires_at" > "alerts"."starts_at"),
	CONSTRAINT "alerts_title_check" CHECK (char_length("title_en") between 1 and 140 and char_length("title_es") between 1 and 140),
	CONSTRAINT "alerts_body_check" CHECK (char_length("body_en") <= 4000 and char_length("body_es") <= 4000)
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"alert_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_deliveries_status_check" CHECK ("alert_deliveries"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "alert_delivery_queue" (
	"alert_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"change" text NOT NULL,
	"kind" text NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"content" jsonb NOT NULL,
	"path" text NOT NULL,
	"fanned_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_delivery_queue_alert_id_revision_pk" PRIMARY KEY("alert_id","revision")
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"user_id" text,
	"email" text,
	"endpoint" text,
	"p256dh" text,
	"auth" text,
	"language" text DEFAULT 'en' NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_channel_check" CHECK (("alert_subscriptions"."channel" = 'email' and "alert_subscriptions"."email" is not null and "alert_subscriptions"."endpoint" is null)
        or ("alert_subscriptions"."channel" = 'push' and "alert_subscriptions"."endpoint" is not null and "alert_subscriptions"."p256dh" is not null
          and "alert_subscriptions"."auth" is not null and "alert_subscriptions"."email" is null))
);
--> statement-breakpoint
ALTER TABLE "alert_updates" ADD CONSTRAINT "alert_updates_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_updates" ADD CONSTRAINT "alert_updates_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_delivery_queue" ADD CONSTRAINT "alert_delivery_queue_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_updates_alert_revision_idx" ON "alert_updates" USING btree ("alert_id","revision");--> statement-breakpoint
CREATE INDEX "alerts_status_window_idx" ON "alerts" USING btree ("status","expires_at","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_idx" ON "alert_deliveries" USING btree ("subscription_id","alert_id","revision");--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "alert_delivery_queue_pending_idx" ON "alert_delivery_queue" USING btree ("created_at") WHERE "alert_delivery_queue"."fanned_out_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_token_idx" ON "alert_subscriptions" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_email_idx" ON "alert_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_endpoint_idx" ON "alert_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_user_idx" ON "alert_subscriptions" USING btree ("user_id");