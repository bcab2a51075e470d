CREATE TABLE `unmatched_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`payment_ref` text NOT NULL,
	`order_code` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`order_status` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unmatched_payments_provider_ref_idx` ON `unmatched_payments` (`provider`,`payment_ref`);--> statement-breakpoint
CREATE INDEX `unmatched_payments_created_idx` ON `unmatched_payments` (`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `disputed_at` integer;--> statement-breakpoint
ALTER TABLE `payment_events` ADD `payment_ref` text;--> statement-breakpoint
CREATE INDEX `payment_events_payment_ref_idx` ON `payment_events` (`provider`,`payment_ref`);