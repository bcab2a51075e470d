import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { ms } from "./columns.ts";

/** Public rate limits per client address, shared by every instance: requests counted in the current window. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ms("window_start").notNull(),
  count: integer("count").notNull(),
});
