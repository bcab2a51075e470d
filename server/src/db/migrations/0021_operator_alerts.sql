CREATE TABLE `operator_alert_digests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`channel` text NOT NULL,
	`window_start` integer NOT NULL,
	`alerts` integer NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operator_alert_digests_window_idx` ON `operator_alert_digests` (`kind`,`channel`,`window_start`);--> statement-breakpoint
CREATE INDEX `operator_alert_digests_due_idx` ON `operator_alert_digests` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `operator_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`order_code` text,
	`summary` text NOT NULL,
	`created_at` integer NOT NULL,
	`email_state` text NOT NULL,
	`email_digest` integer,
	`telegram_state` text NOT NULL,
	`telegram_digest` integer
);
--> statement-breakpoint
CREATE INDEX `operator_alerts_email_idx` ON `operator_alerts` (`email_state`,`kind`);--> statement-breakpoint
CREATE INDEX `operator_alerts_telegram_idx` ON `operator_alerts` (`telegram_state`,`kind`);