import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ALERT_CHANNELS, ALERT_KINDS } from "@store/shared/schemas/operator-alerts";
import { ms } from "./columns.ts";

/** What a channel did with an alert: waiting for its kind's next digest, in one (`*_digest` names it), or not sent
 * (the channel is not configured, or the operator turned it off for this kind). */
export const ALERT_STATES = ["pending", "digested", "off"] as const;

/** Each thing the operator must hear of (docs/decisions.md D48), recorded in the transaction of the change it is
 * about. `summary` is one English line for the digest; it never carries a code in clear. */
export const operatorAlerts = pgTable(
  "operator_alerts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    orderCode: text("order_code"),
    summary: text("summary").notNull(),
    createdAt: ms("created_at").notNull(),
    emailState: text("email_state", { enum: ALERT_STATES }).notNull(),
    emailDigest: integer("email_digest"),
    telegramState: text("telegram_state", { enum: ALERT_STATES }).notNull(),
    telegramDigest: integer("telegram_digest"),
  },
  (t) => [
    index("operator_alerts_email_idx").on(t.emailState, t.kind),
    index("operator_alerts_telegram_idx").on(t.telegramState, t.kind),
  ],
);

/** One message gathering a kind's alerts for one channel in one window. The unique (kind, channel, window) is what
 * makes it one message per window even with several instances: the second instance's insert finds the first's row.
 * An email digest is queued in the mail outbox in its own transaction (the outbox sends it once); a Telegram digest
 * is sent from here: claimed by a lease, retried after a failure or Telegram's retry_after. */
export const operatorAlertDigests = pgTable(
  "operator_alert_digests",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    channel: text("channel", { enum: ALERT_CHANNELS }).notNull(),
    windowStart: ms("window_start").notNull(),
    alerts: integer("alerts").notNull(),
    text: text("text").notNull(),
    /** pending (Telegram, to send), sent, failed (given up, or refused by Telegram), queued (email: in the outbox). */
    status: text("status", { enum: ["pending", "sent", "failed", "queued"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at").notNull(),
    leaseUntil: ms("lease_until"),
    lastError: text("last_error"),
    createdAt: ms("created_at").notNull(),
    sentAt: ms("sent_at"),
  },
  (t) => [
    uniqueIndex("operator_alert_digests_window_idx").on(t.kind, t.channel, t.windowStart),
    index("operator_alert_digests_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
