CREATE TABLE "contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"user_id" text,
	"handled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"summary_en" text NOT NULL,
	"summary_es" text NOT NULL,
	"intro_en" text DEFAULT '' NOT NULL,
	"intro_es" text DEFAULT '' NOT NULL,
	"last_verified_on" date,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"en_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"es_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page_slug" text NOT NULL,
	"target_type" text DEFAULT 'page' NOT NULL,
	"target_id" text NOT NULL,
	"language" text NOT NULL,
	"editor_id" text,
	"changed_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"before" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"after" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_sections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page_slug" text NOT NULL,
	"anchor" text NOT NULL,
	"position" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"body_en" text NOT NULL,
	"body_es" text NOT NULL,
	"last_verified_on" date,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"page_slug" text NOT NULL,
	"group_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"phone" text,
	"website" text,
	"place_en" text,
	"place_es" text,
	"business_slug" text,
	"last_verified_on" date,
	"source_label" text,
	"source_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "public_contacts_phone_check" CHECK ("public_contacts"."phone" is null or "public_contacts"."phone" ~ '^[0-9+][0-9 -]{1,24}$')
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_pages" ADD CONSTRAINT "guide_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_revisions" ADD CONSTRAINT "guide_revisions_page_slug_guide_pages_slug_fk" FOREIGN KEY ("page_slug") REFERENCES "public"."guide_pages"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "guide_revisions" ADD CONSTRAINT "guide_revisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_sections" ADD CONSTRAINT "guide_sections_page_slug_guide_pages_slug_fk" FOREIGN KEY ("page_slug") REFERENCES "public"."guide_pages"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "public_contacts" ADD CONSTRAINT "public_contacts_page_slug_guide_pages_slug_fk" FOREIGN KEY ("page_slug") REFERENCES "public"."guide_pages"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "public_contacts" ADD CONSTRAINT "public_contacts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "guide_revisions_page_idx" ON "guide_revisions" USING btree ("page_slug","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "guide_sections_page_anchor_idx" ON "guide_sections" USING btree ("page_slug","anchor");--> statement-breakpoint
CREATE INDEX "guide_sections_page_position_idx" ON "guide_sections" USING btree ("page_slug","position");--> statement-breakpoint
CREATE INDEX "public_contacts_page_idx" ON "public_contacts" USING btree ("page_slug","group_key","position");