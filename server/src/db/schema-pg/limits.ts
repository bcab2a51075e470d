/** The rate limit table on PostgreSQL (see ../schema/limits.ts, kept in step by schema-parity.test.ts). */
import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  count: integer("count").notNull(),
});
