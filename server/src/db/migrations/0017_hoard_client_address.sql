ALTER TABLE `orders` ADD `client_address` text;--> statement-breakpoint
CREATE INDEX `orders_address_status_idx` ON `orders` (`client_address`,`status`);