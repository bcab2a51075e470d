import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { ms } from "./columns.ts";

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;

/** Mail written in the same transaction as the change it announces; a worker sends it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").notNull(),
    orderId: text("order_id"),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    /** Set for mail rendered when sent (the delivery email with its codes, mail naming the private order link):
     * the kind, order and these JSON parameters are kept, never the secret parts of the body. */
    params: text("params"),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at").notNull(),
    lastError: text("last_error"),
    createdAt: ms("created_at").notNull(),
    sentAt: ms("sent_at"),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_order_idx").on(t.orderId)],
);

/** The built-in dev mailbox: what the store "sent" when no SMTP server is configured. */
export const devMailbox = pgTable("dev_mailbox", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  to: text("to_address").notNull(),
  from: text("from_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text_body").notNull(),
  html: text("html_body").notNull(),
  emlFile: text("eml_file").notNull(),
  createdAt: ms("created_at").notNull(),
});
