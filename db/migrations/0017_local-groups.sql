CREATE TABLE "community_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"invite_url" text NOT NULL,
	"name" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"topic" text NOT NULL,
	"area_slug" text NOT NULL,
	"language" text NOT NULL,
	"member_count" integer,
	"member_count_on" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"suggested_by" text,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"verification_proof" text,
	"link_next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"link_checked_at" timestamp with time zone,
	"link_check_result" text,
	"link_failures" integer DEFAULT 0 NOT NULL,
	"link_dead_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_groups_platform_check" CHECK ("platform" in ('whatsapp', 'telegram', 'facebook', 'signal')),
	CONSTRAINT "community_groups_topic_check" CHECK ("topic" in ('general', 'buy-sell', 'housing', 'surf', 'families', 'pets', 'sports', 'volunteering', 'events', 'business')),
	CONSTRAINT "community_groups_language_check" CHECK ("language" in ('en', 'es', 'both')),
	CONSTRAINT "community_groups_status_check" CHECK ("status" in ('published', 'pending', 'hidden', 'deleted')),
	CONSTRAINT "community_groups_link_result_check" CHECK ("link_check_result" is null or "link_check_result" in ('live', 'dead', 'redirected', 'timeout', 'error')),
	CONSTRAINT "community_groups_member_count_check" CHECK ("member_count" is null or "member_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "community_groups" ADD CONSTRAINT "community_groups_area_slug_areas_slug_fk" FOREIGN KEY ("area_slug") REFERENCES "public"."areas"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "community_groups" ADD CONSTRAINT "community_groups_suggested_by_users_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_groups" ADD CONSTRAINT "community_groups_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_groups_invite_url_idx" ON "community_groups" USING btree ("invite_url");--> statement-breakpoint
CREATE INDEX "community_groups_status_name_idx" ON "community_groups" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "community_groups_link_check_idx" ON "community_groups" USING btree ("status","link_next_check_at");--> statement-breakpoint
CREATE INDEX "community_groups_suggested_by_idx" ON "community_groups" USING btree ("suggested_by");