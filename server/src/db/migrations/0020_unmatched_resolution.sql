ALTER TABLE `unmatched_payments` ADD `resolution` text;--> statement-breakpoint
ALTER TABLE `unmatched_payments` ADD `resolved_at` integer;--> statement-breakpoint
ALTER TABLE `unmatched_payments` ADD `resolved_by` text;