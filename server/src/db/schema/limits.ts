import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Public rate limits per client address, shared by every instance: requests counted in the current window. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});
