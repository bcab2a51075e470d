ALTER TABLE "unmatched_payments" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD COLUMN "resolved_at" bigint;--> statement-breakpoint
ALTER TABLE "unmatched_payments" ADD COLUMN "resolved_by" text;