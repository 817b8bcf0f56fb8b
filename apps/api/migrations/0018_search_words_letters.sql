-- Typo tolerance compares a misspelt word with the titles' words; numbers are never misspelt
-- words, and the generated catalogue's numbered titles had made them nearly all of the table.
CREATE OR REPLACE FUNCTION "remember_title_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW."title"), '[[:space:][:punct:]]+') AS w
    WHERE length(w) >= 3 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DELETE FROM "search_words" WHERE "word" ~ '[0-9]';
