CREATE TABLE "order_totals" (
	"id" integer PRIMARY KEY NOT NULL,
	"up_to" bigint NOT NULL,
	"orders" integer NOT NULL,
	"customers" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "codes_product_status_idx";--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "codes_product_id_idx" ON "codes" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "codes_product_status_idx" ON "codes" USING btree ("product_id","status","id");