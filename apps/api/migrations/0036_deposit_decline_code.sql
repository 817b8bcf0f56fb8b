ALTER TABLE "deposits" ADD COLUMN "decline_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "failure_code" text;