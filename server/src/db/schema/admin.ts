/** The operators, their sessions and the login throttle. */
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { ms } from "./columns.ts";

export const admins = pgTable("admins", {
  id: text("id").primaryKey(),
  username: text("username").notNull().unique(),
  name: text("name").notNull().default(""),
  email: text("email").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  createdAt: ms("created_at").notNull(),
  updatedAt: ms("updated_at").notNull(),
});

/** Server-side admin sessions; only a hash of the cookie's session id is stored. */
export const adminSessions = pgTable("admin_sessions", {
  idHash: text("id_hash").primaryKey(),
  adminId: text("admin_id")
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" }),
  csrfToken: text("csrf_token").notNull(),
  createdAt: ms("created_at").notNull(),
  expiresAt: ms("expires_at").notNull(),
});

/** Failed-login counters per account and per address, for throttling. */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: ms("window_start").notNull(),
  lockedUntil: ms("locked_until"),
});
