CREATE TABLE `block_list` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_by` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `block_list_entry_idx` ON `block_list` (`kind`,`value`);--> statement-breakpoint
CREATE TABLE `block_list_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blocked_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`email` text NOT NULL,
	`address` text NOT NULL,
	`phone` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `blocked_attempts_at_idx` ON `blocked_attempts` (`at`);--> statement-breakpoint
CREATE TABLE `limit_refusals` (
	`day` text NOT NULL,
	`limit_name` text NOT NULL,
	`subject` text NOT NULL,
	`count` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`day`, `limit_name`, `subject`)
);
--> statement-breakpoint
CREATE INDEX `limit_refusals_last_idx` ON `limit_refusals` (`last_at`);