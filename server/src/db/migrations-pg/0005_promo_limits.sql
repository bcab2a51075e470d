ALTER TABLE "promos" ADD COLUMN "expires_at" bigint;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "max_uses" integer;