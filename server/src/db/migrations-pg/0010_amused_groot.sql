DROP INDEX "codes_product_status_idx";--> statement-breakpoint
CREATE INDEX "codes_product_id_idx" ON "codes" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "codes_product_status_idx" ON "codes" USING btree ("product_id","status","id");