DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","code");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","code");--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","code");