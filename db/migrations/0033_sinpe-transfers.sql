CREATE TABLE "sinpe_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"business_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"interval" text NOT NULL,
	"code" text NOT NULL,
	"amount_crc" integer NOT NULL,
	"amount_usd_cents" integer NOT NULL,
	"crc_per_usd" double precision NOT NULL,
	"rate_on" text NOT NULL,
	"bank_reference" text,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"subscription_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sinpe_transfers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "sinpe_transfers" ADD CONSTRAINT "sinpe_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sinpe_transfers" ADD CONSTRAINT "sinpe_transfers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sinpe_transfers" ADD CONSTRAINT "sinpe_transfers_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sinpe_transfers" ADD CONSTRAINT "sinpe_transfers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sinpe_transfers" ADD CONSTRAINT "sinpe_transfers_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sinpe_transfers_status_idx" ON "sinpe_transfers" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sinpe_transfers_confirmed_reference_idx" ON "sinpe_transfers" USING btree ("bank_reference") WHERE status = 'confirmed';