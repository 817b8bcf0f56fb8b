CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "remember_title_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW."title"), '[[:space:][:punct:]]+') AS w WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_translations_title_words" AFTER INSERT OR UPDATE OF "title" ON "product_translations"
  FOR EACH ROW EXECUTE FUNCTION "remember_title_words"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "product_translations", regexp_split_to_table(lower("title"), '[[:space:][:punct:]]+') AS w WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
