ALTER TABLE `promos` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `promos` ADD `max_uses` integer;