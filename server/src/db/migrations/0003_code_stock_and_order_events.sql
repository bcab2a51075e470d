CREATE TABLE `codes` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text,
	`sealed` text NOT NULL,
	`hash` text NOT NULL,
	`status` text DEFAULT 'available' NOT NULL,
	`order_id` text,
	`order_line_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`reserved_at` integer,
	`sold_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `codes_product_hash_idx` ON `codes` (`product_id`,`hash`);--> statement-breakpoint
CREATE INDEX `codes_stock_idx` ON `codes` (`product_id`,`variant_id`,`status`);--> statement-breakpoint
CREATE INDEX `codes_order_idx` ON `codes` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`at` integer NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`detail` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `delivery_mode` text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `low_stock_threshold` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `access_token_sealed` text;--> statement-breakpoint
CREATE INDEX `orders_status_expiry_idx` ON `orders` (`status`,`expires_at`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `params` text;