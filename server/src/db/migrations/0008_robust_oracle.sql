DROP INDEX `products_category_idx`;--> statement-breakpoint
CREATE INDEX `products_created_idx` ON `products` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_category_created_idx` ON `products` (`category_id`,`created_at`,`id`);