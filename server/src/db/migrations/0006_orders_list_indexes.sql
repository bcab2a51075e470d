DROP INDEX `orders_created_idx`;--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`,`code`);--> statement-breakpoint
CREATE INDEX `orders_total_idx` ON `orders` (`total`,`code`);--> statement-breakpoint
CREATE INDEX `orders_email_lower_idx` ON `orders` (lower("customer_email"));--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`code`);