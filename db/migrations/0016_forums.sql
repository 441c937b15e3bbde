CREATE TABLE "forum_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_discussions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"author_id" text,
	"demo_author_name" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_discussions_status_check" CHECK ("forum_discussions"."status" in ('published', 'pending', 'hidden', 'deleted')),
	CONSTRAINT "forum_discussions_language_check" CHECK ("forum_discussions"."language" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "forum_follows" (
	"discussion_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_follows_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forum_likes" (
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_likes_target_type_target_id_user_id_pk" PRIMARY KEY("target_type","target_id","user_id"),
	CONSTRAINT "forum_likes_target_check" CHECK ("forum_likes"."target_type" in ('post', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "forum_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discussion_id" uuid NOT NULL,
	"author_id" text,
	"demo_author_name" text,
	"body" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"quoted_reply_id" uuid,
	"quotes_post" boolean DEFAULT false NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_replies_status_check" CHECK ("forum_replies"."status" in ('published', 'pending', 'hidden', 'deleted')),
	CONSTRAINT "forum_replies_language_check" CHECK ("forum_replies"."language" in ('en', 'es'))
);
--> statement-breakpoint
ALTER TABLE "forum_discussions" ADD CONSTRAINT "forum_discussions_category_id_forum_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."forum_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_discussions" ADD CONSTRAINT "forum_discussions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_follows" ADD CONSTRAINT "forum_follows_discussion_id_forum_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."forum_discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_follows" ADD CONSTRAINT "forum_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_discussion_id_forum_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."forum_discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_quoted_reply_id_forum_replies_id_fk" FOREIGN KEY ("quoted_reply_id") REFERENCES "public"."forum_replies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_categories_slug_idx" ON "forum_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "forum_discussions_category_idx" ON "forum_discussions" USING btree ("category_id","status","last_activity_at");--> statement-breakpoint
CREATE INDEX "forum_discussions_author_idx" ON "forum_discussions" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_discussions_status_idx" ON "forum_discussions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "forum_follows_user_idx" ON "forum_follows" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_likes_user_idx" ON "forum_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "forum_replies_discussion_idx" ON "forum_replies" USING btree ("discussion_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_replies_author_idx" ON "forum_replies" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_replies_status_idx" ON "forum_replies" USING btree ("status","created_at");