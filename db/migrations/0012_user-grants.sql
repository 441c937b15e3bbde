CREATE TABLE "user_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"permission" text NOT NULL,
	"scope_type" text,
	"scope_id" text,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_grants_user_permission_scope_unique" UNIQUE NULLS NOT DISTINCT("user_id","permission","scope_type","scope_id"),
	CONSTRAINT "user_grants_scope_check" CHECK ("user_grants"."scope_id" is null or "user_grants"."scope_type" is not null)
);
--> statement-breakpoint
ALTER TABLE "user_grants" ADD CONSTRAINT "user_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_grants" ADD CONSTRAINT "user_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_grants_permission_idx" ON "user_grants" USING btree ("permission","scope_type","scope_id");--> statement-breakpoint
-- Trusted beach reporters become grants of post:beach-report:any on every beach (as before: the old
-- table had no per-beach scope). Written by hand: drizzle-kit generates schema, not data moves.
INSERT INTO "user_grants" ("user_id", "permission", "scope_type", "scope_id", "granted_by", "created_at")
SELECT "user_id", 'post:beach-report:any', NULL, NULL, "granted_by", "created_at" FROM "beach_trusted_reporters"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "beach_trusted_reporters" CASCADE;
