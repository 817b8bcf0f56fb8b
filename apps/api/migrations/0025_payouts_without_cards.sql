CREATE TYPE "public"."sandbox_payout_status" AS ENUM('pending', 'paid', 'failed', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."payout_status" ADD VALUE 'sent';--> statement-breakpoint
CREATE TABLE "sandbox_payout_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"card_sealed" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"card_token" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"status" "sandbox_payout_status" DEFAULT 'pending' NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sandbox_payouts_amount_positive" CHECK ("sandbox_payouts"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "details_sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sandbox_payouts_reference_idx" ON "sandbox_payouts" USING btree ("reference");--> statement-breakpoint
-- Card numbers leave the shop's tables: each card payout's sealed details (number, holder, expiry,
-- contact) move to the sandbox payout provider's store under a new token, sealed as they were;
-- the shop keeps the token and the last four digits.
UPDATE "payouts" SET "provider" = 'sandbox', "card_token" = 'card_sandbox_' || replace(gen_random_uuid()::text, '-', ''), "card_brand" = 'card', "card_last4" = right("destination_masked", 4) WHERE "method" = 'card' AND "card_token" IS NULL AND "details_sealed" IS NOT NULL;--> statement-breakpoint
INSERT INTO "sandbox_payout_cards" ("token", "card_sealed", "brand", "last4", "created_at") SELECT "card_token", "details_sealed", "card_brand", "card_last4", "created_at" FROM "payouts" WHERE "method" = 'card' AND "card_token" IS NOT NULL AND "details_sealed" IS NOT NULL;--> statement-breakpoint
UPDATE "payouts" SET "details_sealed" = NULL WHERE "method" = 'card' AND "card_token" IS NOT NULL;
