CREATE TABLE "onvo_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onvo_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"business_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"interval" text NOT NULL,
	"amount_crc_cents" integer NOT NULL,
	"amount_usd_cents" integer NOT NULL,
	"crc_per_usd" double precision NOT NULL,
	"rate_on" text NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"subscription_id" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onvo_payments_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
ALTER TABLE "sinpe_transfers" ADD COLUMN "receipt_photo_key" text;--> statement-breakpoint
ALTER TABLE "onvo_payments" ADD CONSTRAINT "onvo_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onvo_payments" ADD CONSTRAINT "onvo_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onvo_payments" ADD CONSTRAINT "onvo_payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onvo_payments" ADD CONSTRAINT "onvo_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onvo_payments_user_id_idx" ON "onvo_payments" USING btree ("user_id");