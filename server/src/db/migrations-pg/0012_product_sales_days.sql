CREATE TABLE "product_sales_days" (
	"day" integer NOT NULL,
	"product_id" text NOT NULL,
	"units" integer NOT NULL,
	"lines" integer NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "product_sales_days_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE INDEX "product_sales_days_day_idx" ON "product_sales_days" USING btree ("day","product_id","units","lines");
--> statement-breakpoint
-- The orders already in the revenue states, counted once (the orders repo keeps the table from here on).
INSERT INTO "product_sales_days" ("day", "product_id", "units", "lines", "title")
SELECT (o."created_at" / 86400000)::integer, l."product_id", sum(l."qty"), count(*), max(l."title")
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
WHERE o."status" IN ('paid', 'awaiting_stock', 'delivered')
GROUP BY 1, 2;
