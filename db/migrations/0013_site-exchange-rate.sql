ALTER TABLE "site_settings" ADD COLUMN "crc_per_usd" double precision;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "crc_per_usd_on" date;