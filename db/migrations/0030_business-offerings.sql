ALTER TABLE "businesses" ADD COLUMN "offerings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "spoken_languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "businesses_offerings_idx" ON "businesses" USING gin ("offerings");--> statement-breakpoint
CREATE INDEX "businesses_spoken_languages_idx" ON "businesses" USING gin ("spoken_languages");