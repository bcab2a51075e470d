ALTER TABLE `banners` ADD `translations` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `categories` ADD `translations` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `translations` text DEFAULT '' NOT NULL;