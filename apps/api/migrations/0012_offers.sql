CREATE TYPE "public"."offer_status" AS ENUM('pending', 'offer', 'approved', 'declined', 'declined_by_service', 'declined_by_user');--> statement-breakpoint
CREATE TYPE "public"."payout_method" AS ENUM('card', 'sepa');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('requested', 'paid', 'failed');--> statement-breakpoint
CREATE TABLE "offer_styles" (
	"offer_id" bigint NOT NULL,
	"style_id" integer NOT NULL,
	CONSTRAINT "offer_styles_offer_id_style_id_pk" PRIMARY KEY("offer_id","style_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"add_text" text,
	"category_id" integer NOT NULL,
	"user_price_cents" bigint NOT NULL,
	"service_price_cents" bigint,
	"status" "offer_status" DEFAULT 'pending' NOT NULL,
	"confirmed" boolean NOT NULL,
	"media_key" text NOT NULL,
	"media_kind" text NOT NULL,
	"media_content_type" text NOT NULL,
	"media_filename" text NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_user_price_not_negative" CHECK ("offers"."user_price_cents" >= 0),
	CONSTRAINT "offers_service_price_when_offered" CHECK ("offers"."status" in ('pending', 'declined', 'declined_by_service') or "offers"."service_price_cents" is not null)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"offer_id" bigint NOT NULL,
	"method" "payout_method" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"ledger_amount" bigint NOT NULL,
	"status" "payout_status" DEFAULT 'requested' NOT NULL,
	"destination_masked" text NOT NULL,
	"details_sealed" text NOT NULL,
	"failure_reason" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_offer_unique" UNIQUE("offer_id"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "offer_styles" ADD CONSTRAINT "offer_styles_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_styles" ADD CONSTRAINT "offer_styles_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_user_idx" ON "offers" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","id");