CREATE TABLE "block_list" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_list_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocked_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limit_refusals" (
	"day" text NOT NULL,
	"limit_name" text NOT NULL,
	"subject" text NOT NULL,
	"count" integer NOT NULL,
	"last_at" bigint NOT NULL,
	CONSTRAINT "limit_refusals_day_limit_name_subject_pk" PRIMARY KEY("day","limit_name","subject")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "block_list_entry_idx" ON "block_list" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "blocked_attempts_at_idx" ON "blocked_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "limit_refusals_last_idx" ON "limit_refusals" USING btree ("last_at");