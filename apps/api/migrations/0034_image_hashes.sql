CREATE TABLE "product_image_hashes" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"image_key" text NOT NULL,
	"hash" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "image_hash" bigint;--> statement-breakpoint
ALTER TABLE "product_image_hashes" ADD CONSTRAINT "product_image_hashes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_image_hashes_hash_idx" ON "product_image_hashes" USING btree ("hash");