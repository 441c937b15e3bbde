CREATE TABLE "billing_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"subscription_id" bigint,
	"plan_id" text NOT NULL,
	"amount_usd_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"hosted_url" text,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_receipts_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "plan_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"business_id" uuid,
	"plan_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "yearly_price_usd_cents" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "name_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "description_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "listing_limit" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_interval" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "granted_by" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_receipts" ADD CONSTRAINT "billing_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_receipts" ADD CONSTRAINT "billing_receipts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_requests" ADD CONSTRAINT "plan_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_requests" ADD CONSTRAINT "plan_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_requests" ADD CONSTRAINT "plan_requests_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_receipts_user_id_idx" ON "billing_receipts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "plan_requests_status_idx" ON "plan_requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_requests_open_idx" ON "plan_requests" USING btree ("user_id","business_id","plan_id") WHERE status = 'open';--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: default names, descriptions, prices and listing limits of the existing plans (configuration an admin edits on /admin/subscriptions)
UPDATE "plans" SET "name_en" = 'Free listing', "name_es" = 'Listado gratuito', "description_en" = 'Your business in the directory with its hours, location and photos.', "description_es" = 'Su negocio en el directorio con horario, ubicación y fotos.', "listing_limit" = 1 WHERE "id" = 'free' AND "name_en" = '';--> statement-breakpoint
UPDATE "plans" SET "name_en" = 'Basic', "name_es" = 'Básico', "description_en" = 'Hours and a menu on your listing.', "description_es" = 'Horario y menú en su listado.', "monthly_price_usd_cents" = COALESCE("monthly_price_usd_cents", 1900), "yearly_price_usd_cents" = COALESCE("yearly_price_usd_cents", 19000), "listing_limit" = 1 WHERE "id" = 'basic' AND "name_en" = '';--> statement-breakpoint
UPDATE "plans" SET "name_en" = 'Premium', "name_es" = 'Premium', "description_en" = 'Contact details, the full gallery, booking, analytics and SEO for your listing.', "description_es" = 'Datos de contacto, la galería completa, reservas, estadísticas y SEO para su listado.', "monthly_price_usd_cents" = COALESCE("monthly_price_usd_cents", 4900), "yearly_price_usd_cents" = COALESCE("yearly_price_usd_cents", 49000), "listing_limit" = 1 WHERE "id" = 'premium' AND "name_en" = '';--> statement-breakpoint
UPDATE "plans" SET "name_en" = 'Enterprise', "name_es" = 'Empresarial', "description_en" = 'Everything in Premium for up to ten locations.', "description_es" = 'Todo lo de Premium para hasta diez locales.', "monthly_price_usd_cents" = COALESCE("monthly_price_usd_cents", 14900), "yearly_price_usd_cents" = COALESCE("yearly_price_usd_cents", 149000), "listing_limit" = 10 WHERE "id" = 'enterprise' AND "name_en" = '';--> statement-breakpoint
UPDATE "plans" SET "name_en" = 'Real-estate agent', "name_es" = 'Agente inmobiliario', "description_en" = 'Up to 25 property listings, featured placement, the verified-agent badge and the leads dashboard.', "description_es" = 'Hasta 25 propiedades, posición destacada, la insignia de agente verificado y el panel de contactos.', "yearly_price_usd_cents" = COALESCE("yearly_price_usd_cents", 49000), "listing_limit" = 25 WHERE "id" = 'agent' AND "name_en" = '';
