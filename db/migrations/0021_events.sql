CREATE TABLE "event_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_key" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_exception" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_occurrences_time_check" CHECK ("ends_at" >= "starts_at")
);
--> statement-breakpoint
CREATE TABLE "event_rsvps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"occurrence_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"party_size" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"age_confirmed" boolean DEFAULT false NOT NULL,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rsvps_status_check" CHECK ("status" in ('confirmed', 'waitlisted', 'cancelled')),
	CONSTRAINT "event_rsvps_party_check" CHECK ("party_size" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_es" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"area_slug" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"repeat" text DEFAULT 'none' NOT NULL,
	"rrule" text,
	"venue_business_id" uuid,
	"venue_name" text DEFAULT '' NOT NULL,
	"venue_address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"cost_minor" integer,
	"cost_currency" text DEFAULT 'USD' NOT NULL,
	"max_attendees" integer,
	"min_age" integer,
	"contact_email" text NOT NULL,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo_url" text,
	"organizer_id" text,
	"organizer_business_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"cancelled_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_category_check" CHECK ("category" in ('music', 'market', 'sports', 'surf', 'yoga', 'family', 'nightlife', 'community', 'charity', 'workshop')),
	CONSTRAINT "events_status_check" CHECK ("status" in ('published', 'pending', 'hidden', 'deleted')),
	CONSTRAINT "events_repeat_check" CHECK ("repeat" in ('none', 'weekly', 'monthly')),
	CONSTRAINT "events_currency_check" CHECK ("cost_currency" in ('USD', 'CRC')),
	CONSTRAINT "events_cost_check" CHECK ("cost_minor" is null or "cost_minor" > 0),
	CONSTRAINT "events_max_attendees_check" CHECK ("max_attendees" is null or "max_attendees" > 0),
	CONSTRAINT "events_min_age_check" CHECK ("min_age" is null or "min_age" between 1 and 99),
	CONSTRAINT "events_time_check" CHECK ("ends_at" >= "starts_at")
);
--> statement-breakpoint
ALTER TABLE "event_occurrences" ADD CONSTRAINT "event_occurrences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_area_slug_areas_slug_fk" FOREIGN KEY ("area_slug") REFERENCES "public"."areas"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_venue_business_id_businesses_id_fk" FOREIGN KEY ("venue_business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organizer_business_id_businesses_id_fk" FOREIGN KEY ("organizer_business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_occurrences_key_idx" ON "event_occurrences" USING btree ("event_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "event_occurrences_starts_idx" ON "event_occurrences" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_live_idx" ON "event_rsvps" USING btree ("occurrence_id","user_id") WHERE "status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "event_rsvps_queue_idx" ON "event_rsvps" USING btree ("occurrence_id","status","seq");--> statement-breakpoint
CREATE INDEX "event_rsvps_user_idx" ON "event_rsvps" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_idx" ON "events" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "events_organizer_idx" ON "events" USING btree ("organizer_id");--> statement-breakpoint
CREATE INDEX "events_venue_business_idx" ON "events" USING btree ("venue_business_id");--> statement-breakpoint
CREATE INDEX "events_organizer_business_idx" ON "events" USING btree ("organizer_business_id");--> statement-breakpoint
CREATE INDEX "events_status_idx" ON "events" USING btree ("status","created_at");