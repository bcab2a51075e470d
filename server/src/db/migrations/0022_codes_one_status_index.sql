DROP INDEX `codes_product_status_idx`;--> statement-breakpoint
DROP INDEX `codes_stock_idx`;--> statement-breakpoint
CREATE INDEX `codes_stock_idx` ON `codes` (`product_id`,`status`,`variant_id`,`id`);