ALTER TABLE "businesses" ADD COLUMN "directions_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "directions_es" text DEFAULT '' NOT NULL;