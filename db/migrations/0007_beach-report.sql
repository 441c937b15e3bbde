CREATE TABLE "beach_forecast_cache" (
	"cache_key" text PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"payload" jsonb,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beach_observations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"beach_slug" text NOT NULL,
	"author_id" text NOT NULL,
	"note" text NOT NULL,
	"note_language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beach_observations_note_length_check" CHECK (char_length("note") between 1 and 280),
	CONSTRAINT "beach_observations_note_language_check" CHECK ("beach_observations"."note_language" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "beach_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"beach_slug" text NOT NULL,
	"author_id" text NOT NULL,
	"surf_size" text,
	"surf_quality" text,
	"wind" text,
	"wind_direction" text,
	"water_clarity" text,
	"water_temp_c" double precision,
	"flag" text,
	"jellyfish" text,
	"sargassum" text,
	"crowd" text,
	"note" text DEFAULT '' NOT NULL,
	"note_language" text NOT NULL,
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beach_reports_surf_size_check" CHECK ("surf_size" is null or "surf_size" in ('flat', 'ankle', 'knee', 'waist', 'chest', 'head', 'overhead')),
	CONSTRAINT "beach_reports_surf_quality_check" CHECK ("surf_quality" is null or "surf_quality" in ('poor', 'fair', 'good', 'excellent')),
	CONSTRAINT "beach_reports_wind_check" CHECK ("wind" is null or "wind" in ('calm', 'light', 'moderate', 'strong')),
	CONSTRAINT "beach_reports_wind_direction_check" CHECK ("wind_direction" is null or "wind_direction" in ('offshore', 'onshore', 'crossShore')),
	CONSTRAINT "beach_reports_water_clarity_check" CHECK ("water_clarity" is null or "water_clarity" in ('clear', 'fair', 'murky')),
	CONSTRAINT "beach_reports_flag_check" CHECK ("flag" is null or "flag" in ('none', 'green', 'yellow', 'red', 'purple')),
	CONSTRAINT "beach_reports_jellyfish_check" CHECK ("jellyfish" is null or "jellyfish" in ('none', 'few', 'many')),
	CONSTRAINT "beach_reports_sargassum_check" CHECK ("sargassum" is null or "sargassum" in ('none', 'light', 'moderate', 'heavy')),
	CONSTRAINT "beach_reports_crowd_check" CHECK ("crowd" is null or "crowd" in ('empty', 'quiet', 'moderate', 'busy')),
	CONSTRAINT "beach_reports_water_temp_check" CHECK ("water_temp_c" is null or "water_temp_c" between 15 and 36),
	CONSTRAINT "beach_reports_note_length_check" CHECK (char_length("note") <= 1000),
	CONSTRAINT "beach_reports_note_language_check" CHECK ("beach_reports"."note_language" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "beach_trusted_reporters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "beach_observations" ADD CONSTRAINT "beach_observations_beach_slug_beaches_slug_fk" FOREIGN KEY ("beach_slug") REFERENCES "public"."beaches"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "beach_observations" ADD CONSTRAINT "beach_observations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_reports" ADD CONSTRAINT "beach_reports_beach_slug_beaches_slug_fk" FOREIGN KEY ("beach_slug") REFERENCES "public"."beaches"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "beach_reports" ADD CONSTRAINT "beach_reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_trusted_reporters" ADD CONSTRAINT "beach_trusted_reporters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beach_trusted_reporters" ADD CONSTRAINT "beach_trusted_reporters_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beach_observations_beach_created_idx" ON "beach_observations" USING btree ("beach_slug","created_at");--> statement-breakpoint
CREATE INDEX "beach_observations_author_created_idx" ON "beach_observations" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "beach_reports_beach_created_idx" ON "beach_reports" USING btree ("beach_slug","created_at");