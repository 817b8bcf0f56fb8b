ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'adjustments';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;