-- The full-text vectors move to a table of their own, made from the folded text (decision 0055). Every
-- step that reads or writes many rows takes no lock that stops the pages reading product_translations;
-- only the last statements, which drop the old column and its indexes, take that lock, for an instant.
CREATE TABLE "product_search" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"search" "tsvector" NOT NULL,
	CONSTRAINT "product_search_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_locale_product_translations_product_id_locale_fk" FOREIGN KEY ("product_id","locale") REFERENCES "public"."product_translations"("product_id","locale") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search" ("product_id", "locale", "search")
  VALUES (NEW."product_id", NEW."locale", to_tsvector(
    case NEW."locale"
      when 'en' then 'english'::regconfig
      when 'de' then 'german'::regconfig
      when 'fr' then 'french'::regconfig
      when 'es' then 'spanish'::regconfig
      when 'it' then 'italian'::regconfig
      else 'simple'::regconfig
    end,
    translate(replace(replace(replace(replace(replace(replace(lower(coalesce(NEW.title, '') || ' ' || coalesce(NEW.description, '')), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆĉĈċĊčČďĎđĐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤħĦìÌíÍîÎïÏĩĨīĪĭĬįĮĵĴķĶĺĹļĻľĽŀĿłŁñÑńŃņŅňŇòÒóÓôÔõÕöÖøØōŌŏŎőŐŕŔŗŖřŘśŚŝŜşŞšŠșȘţŢťŤțȚŧŦùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽ', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz')))
  ON CONFLICT ("product_id", "locale") DO UPDATE SET "search" = EXCLUDED."search";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_translations_search" AFTER INSERT OR UPDATE OF "title", "description" ON "product_translations"
  FOR EACH ROW EXECUTE FUNCTION "product_search_vector"();--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "locale", "search")
  SELECT "product_id", "locale", to_tsvector(
    case "locale"
      when 'en' then 'english'::regconfig
      when 'de' then 'german'::regconfig
      when 'fr' then 'french'::regconfig
      when 'es' then 'spanish'::regconfig
      when 'it' then 'italian'::regconfig
      else 'simple'::regconfig
    end,
    translate(replace(replace(replace(replace(replace(replace(lower(coalesce(title, '') || ' ' || coalesce(description, '')), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆĉĈċĊčČďĎđĐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤħĦìÌíÍîÎïÏĩĨīĪĭĬįĮĵĴķĶĺĹļĻľĽŀĿłŁñÑńŃņŅňŇòÒóÓôÔõÕöÖøØōŌŏŎőŐŕŔŗŖřŘśŚŝŜşŞšŠșȘţŢťŤțȚŧŦùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽ', 'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz'))
  FROM "product_translations"
ON CONFLICT ("product_id", "locale") DO NOTHING;--> statement-breakpoint
CREATE INDEX "product_search_idx" ON "product_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "product_search_en_idx" ON "product_search" USING gin ("search") WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX "product_search_de_idx" ON "product_search" USING gin ("search") WHERE locale = 'de';--> statement-breakpoint
CREATE INDEX "product_search_fr_idx" ON "product_search" USING gin ("search") WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX "product_search_es_idx" ON "product_search" USING gin ("search") WHERE locale = 'es';--> statement-breakpoint
CREATE INDEX "product_search_it_idx" ON "product_search" USING gin ("search") WHERE locale = 'it';--> statement-breakpoint
CREATE INDEX "product_search_pl_idx" ON "product_search" USING gin ("search") WHERE locale = 'pl';--> statement-breakpoint
DROP INDEX "product_translations_search_idx";--> statement-breakpoint
DROP INDEX "product_translations_search_en_idx";--> statement-breakpoint
DROP INDEX "product_translations_search_de_idx";--> statement-breakpoint
DROP INDEX "product_translations_search_fr_idx";--> statement-breakpoint
DROP INDEX "product_translations_search_es_idx";--> statement-breakpoint
DROP INDEX "product_translations_search_it_idx";--> statement-breakpoint
DROP INDEX "product_translations_search_pl_idx";--> statement-breakpoint
ALTER TABLE "product_translations" DROP COLUMN "search";
