DROP INDEX `codes_order_idx`;--> statement-breakpoint
CREATE INDEX `codes_order_idx` ON `codes` (`order_id`) WHERE "codes"."order_id" is not null;