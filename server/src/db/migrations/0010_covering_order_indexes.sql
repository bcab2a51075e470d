DROP INDEX `order_lines_order_idx`;--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`,`product_id`,`qty`);--> statement-breakpoint
DROP INDEX `orders_created_idx`;--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`code`,`status`,`currency`,`total`,`id`);