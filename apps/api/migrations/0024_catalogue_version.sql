CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id")
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (true, 0);--> statement-breakpoint
-- Every change a product list shows moves the number on (decision 0023). A product's sales and
-- likes change with every purchase and like and do not: the popular order is read again on a timer.
CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_listed_change" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "products_listed_update" AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (
    (OLD."slug", OLD."category_id", OLD."price_cents", OLD."image_key", OLD."is_active", OLD."created_at")
    IS DISTINCT FROM
    (NEW."slug", NEW."category_id", NEW."price_cents", NEW."image_key", NEW."is_active", NEW."created_at")
  ) EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "product_translations_listed_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "product_styles_listed_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_styles"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "categories_listed_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "category_translations_listed_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "styles_listed_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "styles"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
