DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_popular_idx";--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("sales_count","likes_count","id");