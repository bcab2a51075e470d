import { index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { BLOCK_KINDS } from "@store/shared/schemas/block-list";
import { ms } from "./columns.ts";

/** Public rate limits per client address, shared by every instance: requests counted in the current window. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ms("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Refusals of the rate limits (http/rate-limit.ts records every one), per UTC day, limit and subject (a client
 * address, a recipient...): the dashboard lists who hit a limit today. Pruned after a week. */
export const limitRefusals = pgTable(
  "limit_refusals",
  {
    day: text("day").notNull(),
    limitName: text("limit_name").notNull(),
    subject: text("subject").notNull(),
    count: integer("count").notNull(),
    lastAt: ms("last_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.limitName, t.subject] }), index("limit_refusals_last_idx").on(t.lastAt)],
);

/** The operator's block list (docs/decisions.md D37): an email, an email domain, an address range (CIDR) or a
 * phone country code, with the reason. */
export const blockList = pgTable(
  "block_list",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: BLOCK_KINDS }).notNull(),
    value: text("value").notNull(),
    reason: text("reason").notNull().default(""),
    createdBy: text("created_by").notNull().default(""),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [uniqueIndex("block_list_entry_idx").on(t.kind, t.value)],
);

/** One row: the block list's version, bumped in the transaction of every change, so each instance knows when the
 * list it keeps in memory is stale. */
export const blockListState = pgTable("block_list_state", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});

/** Checkouts the block list refused: when, what matched, and the order's email, client address and phone. */
export const blockedAttempts = pgTable(
  "blocked_attempts",
  {
    id: text("id").primaryKey(),
    at: ms("at").notNull(),
    kind: text("kind", { enum: BLOCK_KINDS }).notNull(),
    value: text("value").notNull(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    phone: text("phone").notNull(),
  },
  (t) => [index("blocked_attempts_at_idx").on(t.at)],
);
