CREATE TYPE "public"."generation_status" AS ENUM('processing', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "generations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"format" text NOT NULL,
	"size" text NOT NULL,
	"engine" text NOT NULL,
	"cost" bigint NOT NULL,
	"status" "generation_status" DEFAULT 'processing' NOT NULL,
	"image_key" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generations_cost_not_negative" CHECK ("generations"."cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_user_idx" ON "generations" USING btree ("user_id","id");