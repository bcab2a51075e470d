/** What the operator hears about (docs/decisions.md D48): each alert's kind, the channels it goes by, and the
 * operator's settings (Admin > Settings > Alerts): per kind, email and Telegram on or off, and the window a digest
 * gathers (one message per kind and channel per window at most). GET and PUT /api/admin/alert-settings. */
import { z } from "./zod.ts";

export const ALERT_KINDS = ["awaiting_fulfilment", "low_stock", "payment_reversed", "payment_unmatched"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_CHANNELS = ["email", "telegram"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const DEFAULT_ALERT_WINDOW_MINUTES = 5;

const channelsSchema = z.object({ email: z.boolean(), telegram: z.boolean() });
export const alertSettingsSchema = z.object({
  /** Minutes a digest gathers alerts of one kind: 1 to 1440 (a day). */
  windowMinutes: z.number().int().min(1).max(1440),
  kinds: z.object({
    awaiting_fulfilment: channelsSchema,
    low_stock: channelsSchema,
    payment_reversed: channelsSchema,
    payment_unmatched: channelsSchema,
  }),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** Every kind by both channels, every five minutes. */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  windowMinutes: DEFAULT_ALERT_WINDOW_MINUTES,
  kinds: {
    awaiting_fulfilment: { email: true, telegram: true },
    low_stock: { email: true, telegram: true },
    payment_reversed: { email: true, telegram: true },
    payment_unmatched: { email: true, telegram: true },
  },
};

/** The answer of GET /api/admin/alert-settings: the settings and which channels the server can use at all (email
 * needs OPERATOR_EMAIL; Telegram needs TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID). */
export const alertSettingsAnswerSchema = z.object({
  settings: alertSettingsSchema,
  available: channelsSchema,
});
export type AlertSettingsAnswer = z.infer<typeof alertSettingsAnswerSchema>;
