CREATE TABLE "business_tax_registrations" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"tax_id" text NOT NULL,
	"registered_name" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"claim_id" uuid,
	"verified_by" text,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "business_tax_registrations_method_check" CHECK ("business_tax_registrations"."method" in ('hacienda', 'manual')),
	CONSTRAINT "business_tax_registrations_tax_id_check" CHECK ("business_tax_registrations"."tax_id" ~ '^[0-9]{9,10}$')
);
--> statement-breakpoint
ALTER TABLE "business_claims" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "business_tax_registrations" ADD CONSTRAINT "business_tax_registrations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_tax_registrations" ADD CONSTRAINT "business_tax_registrations_claim_id_business_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."business_claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_tax_registrations" ADD CONSTRAINT "business_tax_registrations_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_tax_id_check" CHECK ("business_claims"."tax_id" is null or "business_claims"."tax_id" ~ '^[0-9]{9,10}$');