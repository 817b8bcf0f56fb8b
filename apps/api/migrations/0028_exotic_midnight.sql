ALTER TABLE "generations" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_idempotency_unique" UNIQUE("user_id","idempotency_key");