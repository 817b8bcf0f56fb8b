CREATE TABLE "product_reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"text" text,
	"locale" text NOT NULL,
	"reports_count" integer DEFAULT 0 NOT NULL,
	"last_reported_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_product_user_unique" UNIQUE("product_id","user_id"),
	CONSTRAINT "product_reviews_stars_range" CHECK ("product_reviews"."stars" between 1 and 5),
	CONSTRAINT "product_reviews_reports_not_negative" CHECK ("product_reviews"."reports_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"review_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_spread" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_product_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_reviews_visible_idx" ON "product_reviews" USING btree ("product_id","created_at","id") WHERE "product_reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "product_reviews_user_idx" ON "product_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_reviews_reported_idx" ON "product_reviews" USING btree ("last_reported_at","id") WHERE "product_reviews"."reports_count" > 0;--> statement-breakpoint
CREATE INDEX "review_reports_user_idx" ON "review_reports" USING btree ("user_id");--> statement-breakpoint
-- A product's rating shows on its tiles and sorts the lists: it moves the catalogue version too (decision 0023).
DROP TRIGGER "products_listed_update" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_listed_update" AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (
    (OLD."slug", OLD."category_id", OLD."price_cents", OLD."image_key", OLD."is_active", OLD."created_at",
      OLD."rating_count", OLD."rating_sum")
    IS DISTINCT FROM
    (NEW."slug", NEW."category_id", NEW."price_cents", NEW."image_key", NEW."is_active", NEW."created_at",
      NEW."rating_count", NEW."rating_sum")
  ) EXECUTE FUNCTION "catalogue_version_bump"();
