CREATE INDEX "product_translations_search_en_idx" ON "product_translations" USING gin ("search") WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX "product_translations_search_de_idx" ON "product_translations" USING gin ("search") WHERE locale = 'de';--> statement-breakpoint
CREATE INDEX "product_translations_search_fr_idx" ON "product_translations" USING gin ("search") WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX "product_translations_search_es_idx" ON "product_translations" USING gin ("search") WHERE locale = 'es';--> statement-breakpoint
CREATE INDEX "product_translations_search_it_idx" ON "product_translations" USING gin ("search") WHERE locale = 'it';--> statement-breakpoint
CREATE INDEX "product_translations_search_pl_idx" ON "product_translations" USING gin ("search") WHERE locale = 'pl';--> statement-breakpoint
CREATE INDEX "products_active_created_at_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("price_cents","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_popular_idx" ON "products" USING btree ("sales_count","likes_count","id") WHERE "products"."is_active";