CREATE TABLE `stock_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_requests_unique_idx` ON `stock_requests` (`product_id`,`variant_id`,`email`);--> statement-breakpoint
CREATE INDEX `stock_requests_email_idx` ON `stock_requests` (`email`);