ALTER TABLE "banners" ADD COLUMN "translations" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translations" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations" text DEFAULT '' NOT NULL;