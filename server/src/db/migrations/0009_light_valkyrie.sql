CREATE TABLE `order_totals` (
	`id` integer PRIMARY KEY NOT NULL,
	`up_to` integer NOT NULL,
	`orders` integer NOT NULL,
	`customers` integer NOT NULL
);
