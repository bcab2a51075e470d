DROP INDEX `codes_stock_idx`;--> statement-breakpoint
CREATE INDEX `codes_product_status_idx` ON `codes` (`product_id`,`status`);--> statement-breakpoint
CREATE INDEX `codes_stock_idx` ON `codes` (`product_id`,`variant_id`,`status`,`id`);