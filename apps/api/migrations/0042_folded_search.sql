-- Search folds accents: the titles' vectors are made from the folded text (as `foldText` folds it),
-- and every search is folded the same way before it is parsed.
ALTER TABLE "product_translations" drop column "search";--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector(
        case locale
          when 'en' then 'english'::regconfig
          when 'de' then 'german'::regconfig
          when 'fr' then 'french'::regconfig
          when 'es' then 'spanish'::regconfig
          when 'it' then 'italian'::regconfig
          else 'simple'::regconfig
        end,
        translate(replace(replace(replace(replace(replace(replace(lower(coalesce(title, '') || ' ' || coalesce(description, '')), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆĉĈċĊčČďĎđĐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤħĦìÌíÍîÎïÏĩĨīĪĭĬįĮĵĴķĶĺĹļĻľĽŀĿłŁñÑńŃņŅňŇòÒóÓôÔõÕöÖøØōŌŏŎőŐŕŔŗŖřŘśŚŝŜşŞšŠșȘţŢťŤțȚŧŦùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽ', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz'))) STORED;--> statement-breakpoint
CREATE INDEX "product_translations_search_idx" ON "product_translations" USING gin ("search")--> statement-breakpoint
CREATE INDEX "product_translations_search_en_idx" ON "product_translations" USING gin ("search") WHERE locale = 'en'--> statement-breakpoint
CREATE INDEX "product_translations_search_de_idx" ON "product_translations" USING gin ("search") WHERE locale = 'de'--> statement-breakpoint
CREATE INDEX "product_translations_search_fr_idx" ON "product_translations" USING gin ("search") WHERE locale = 'fr'--> statement-breakpoint
CREATE INDEX "product_translations_search_es_idx" ON "product_translations" USING gin ("search") WHERE locale = 'es'--> statement-breakpoint
CREATE INDEX "product_translations_search_it_idx" ON "product_translations" USING gin ("search") WHERE locale = 'it'--> statement-breakpoint
CREATE INDEX "product_translations_search_pl_idx" ON "product_translations" USING gin ("search") WHERE locale = 'pl'--> statement-breakpoint
-- A misspelt word is compared, folded, with the titles' words folded; the nearest is offered as written.
DROP INDEX "search_words_trgm_idx"--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "folded" text--> statement-breakpoint
UPDATE "search_words" SET "folded" = translate(replace(replace(replace(replace(replace(replace(lower("word"), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆĉĈċĊčČďĎđĐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤħĦìÌíÍîÎïÏĩĨīĪĭĬįĮĵĴķĶĺĹļĻľĽŀĿłŁñÑńŃņŅňŇòÒóÓôÔõÕöÖøØōŌŏŎőŐŕŔŗŖřŘśŚŝŜşŞšŠșȘţŢťŤțȚŧŦùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽ', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz')--> statement-breakpoint
ALTER TABLE "search_words" ALTER COLUMN "folded" SET NOT NULL--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("folded" gin_trgm_ops)--> statement-breakpoint
CREATE OR REPLACE FUNCTION "remember_title_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word", "folded")
    SELECT DISTINCT w, translate(replace(replace(replace(replace(replace(replace(lower(w), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆĉĈċĊčČďĎđĐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤħĦìÌíÍîÎïÏĩĨīĪĭĬįĮĵĴķĶĺĹļĻľĽŀĿłŁñÑńŃņŅňŇòÒóÓôÔõÕöÖøØōŌŏŎőŐŕŔŗŖřŘśŚŝŜşŞšŠșȘţŢťŤțȚŧŦùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽ', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz') FROM regexp_split_to_table(lower(NEW."title"), '[[:space:][:punct:]]+') AS w
    WHERE length(w) >= 3 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
