/** Operator alerts (docs/decisions.md D48): one place for what the operator must hear of — a paid order awaiting
 * manual fulfilment, low stock, a refund or dispute at the provider, money without an order. Exports OperatorAlerts
 * with record(tx, alert, now) (in the transaction of the change it is about), pass(now) (the background worker's
 * turn: one digest per kind and channel per window, then the Telegram digests due), and the operator's settings
 * (settings() / saveSettings()). An email digest goes through the mail outbox (queued in the digest's own
 * transaction, so it is sent once, with the outbox's retries); a Telegram digest is sent from its row, claimed by a
 * lease, retried after a failure or after Telegram's retry_after, given up after MAX_ATTEMPTS. Summaries never hold a
 * code in clear (callers write masks at most); the bot token is never logged. */
import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  type AlertChannel,
  type AlertKind,
  type AlertSettings,
  type AlertSettingsAnswer,
} from "@store/shared/schemas/operator-alerts";
import { escapeHtml } from "@store/shared/html";
import type { DataLayer, Tx } from "../../db/data.ts";
import { WithClockAndLog, type ClockAndLog } from "../../lib/clock-and-log.ts";
import type { MailRepo } from "../mail/mail.repo.ts";
import { page } from "../mail/templates.ts";
import type { SettingsRepo } from "../settings/settings.repo.ts";
import type { AlertsRepo, ClaimedAlert } from "./alerts.repo.ts";
import { TELEGRAM_TEXT_LIMIT, type TelegramSender } from "./telegram.ts";

export const ALERT_DIGEST_MAIL_KIND = "operator_alert_digest";
/** How often the worker looks for alerts to gather and digests to send. */
export const ALERT_PASS_MS = 15_000;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 10;
/** The most alerts a digest names one by one; the rest are counted. */
const NAMED = 50;

/** Each kind's heading, in English like the store's other operator mail. */
const HEADINGS: Record<AlertKind, (n: number) => string> = {
  awaiting_fulfilment: (n) => `${n} paid order(s) await your codes (manual delivery)`,
  low_stock: (n) => `${n} low-stock alert(s)`,
  payment_reversed: (n) => `${n} refund(s) or dispute(s) at the payment provider`,
  payment_unmatched: (n) => `${n} payment(s) without an order`,
};

export interface AlertInput {
  kind: AlertKind;
  /** One English line: what happened and to which order or product; a code is never written here. */
  summary: string;
  orderCode?: string | null;
}

export interface OperatorAlertsDeps extends ClockAndLog {
  data: DataLayer;
  repo: AlertsRepo;
  settingsRepo: SettingsRepo;
  mail: MailRepo;
  /** OPERATOR_EMAIL: without it, alerts are not mailed. */
  operatorEmail?: string;
  /** TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID: without them, alerts are not sent to Telegram. */
  telegram?: TelegramSender;
  onMailQueued?: () => void;
}

/** A digest's subject and text: the heading, then the alerts oldest first, the first NAMED of them by name. */
function digestText(kind: AlertKind, alerts: readonly ClaimedAlert[]): { subject: string; text: string } {
  const subject = `Store alert: ${HEADINGS[kind](alerts.length)}`;
  const lines = alerts.slice(0, NAMED).map((a) => `- ${a.summary}`);
  if (alerts.length > NAMED) lines.push(`… and ${alerts.length - NAMED} more: see the admin console.`);
  return { subject, text: [subject, "", ...lines].join("\n") };
}

/** Cut to Telegram's limit on a line's end, saying what was left out. */
function forTelegram(text: string): string {
  if ([...text].length <= TELEGRAM_TEXT_LIMIT) return text;
  const room = TELEGRAM_TEXT_LIMIT - 60;
  const cut = [...text].slice(0, room).join("");
  return `${cut.slice(0, Math.max(0, cut.lastIndexOf("\n")))}\n… (shortened: see the admin console)`;
}

/** Seconds to wait after the n-th failed send: 5 s, 10 s, 20 s … at most 10 minutes. */
const backoffMs = (attempts: number) => Math.min(600_000, 5000 * 2 ** Math.max(0, attempts - 1));

export class OperatorAlerts extends WithClockAndLog {
  constructor(private readonly deps: OperatorAlertsDeps) {
    super(deps);
  }

  /** Which channels the server can use at all. */
  available(): Record<AlertChannel, boolean> {
    return { email: Boolean(this.deps.operatorEmail), telegram: Boolean(this.deps.telegram) };
  }

  /** Records an alert in the caller's transaction; the worker's next pass gathers it. */
  async record(tx: Tx, alert: AlertInput, now: number): Promise<void> {
    const on = this.available();
    await this.deps.repo.add(tx, {
      kind: alert.kind,
      orderCode: alert.orderCode ?? null,
      summary: alert.summary.replace(/\s+/g, " ").trim().slice(0, 500),
      createdAt: now,
      emailState: on.email ? "pending" : "off",
      telegramState: on.telegram ? "pending" : "off",
    });
  }

  async settings(): Promise<AlertSettingsAnswer> {
    const settings = await this.deps.data.read((tx) => this.deps.settingsRepo.alertSettings(tx));
    return { settings, available: this.available() };
  }

  async saveSettings(settings: AlertSettings): Promise<AlertSettingsAnswer> {
    const now = this.clock();
    await this.deps.data.transaction((tx) => this.deps.settingsRepo.saveAlertSettings(tx, settings, now));
    return { settings, available: this.available() };
  }

  /** The worker's turn: digests for every kind and channel with alerts waiting and no digest in this window yet, then
   * the Telegram digests due. Answers how many digests it made and messages it sent to Telegram. */
  async pass(now = this.clock()): Promise<{ digests: number; sent: number }> {
    const settings = await this.deps.data.read((tx) => this.deps.settingsRepo.alertSettings(tx));
    const windowMs = settings.windowMinutes * 60_000;
    const windowStart = Math.floor(now / windowMs) * windowMs;
    let digests = 0;
    for (const kind of ALERT_KINDS)
      for (const channel of ALERT_CHANNELS)
        if (await this.digest(kind, channel, settings.kinds[kind][channel], windowStart, now)) digests++;
    if (digests > 0) this.deps.onMailQueued?.();
    return { digests, sent: await this.sendTelegram(now) };
  }

  private digest(
    kind: AlertKind,
    channel: AlertChannel,
    enabled: boolean,
    windowStart: number,
    now: number,
  ): Promise<boolean> {
    const { repo } = this.deps;
    return this.deps.data.transaction(async (tx) => {
      if (!(await repo.hasPending(tx, kind, channel))) return false;
      if (!enabled) {
        await repo.turnOff(tx, kind, channel);
        return false;
      }
      const id = await repo.openDigest(tx, { kind, channel, windowStart, now });
      if (id === undefined) return false;
      const alerts = await repo.claim(tx, kind, channel, id);
      if (alerts.length === 0) {
        // Another instance gathered them between the look and the claim.
        await repo.dropDigest(tx, id);
        return false;
      }
      const { subject, text } = digestText(kind, alerts);
      if (channel === "telegram") {
        await repo.fillDigest(tx, id, alerts.length, forTelegram(text), "pending");
        return true;
      }
      await repo.fillDigest(tx, id, alerts.length, text, "queued");
      const to = this.deps.operatorEmail;
      if (to) {
        const html = page("en", `<pre style="font-family:inherit">${escapeHtml(text)}</pre>`);
        await this.deps.mail.enqueue(tx, { kind: ALERT_DIGEST_MAIL_KIND, orderId: null, to, subject, text, html }, now);
      }
      return true;
    });
  }

  /** Sends the due Telegram digests, each claimed first so that two instances never send one twice. */
  private async sendTelegram(now: number): Promise<number> {
    const telegram = this.deps.telegram;
    if (!telegram) return 0;
    const { repo, data } = this.deps;
    let sent = 0;
    for (const id of await data.read((tx) => repo.dueTelegram(tx, now, 20))) {
      const digest = await data.transaction((tx) => repo.lease(tx, id, now, now + LEASE_MS));
      if (!digest) continue;
      const result = await telegram.send(digest.text);
      const after = this.clock();
      if (result.ok) {
        await data.transaction((tx) => repo.settle(tx, id, { status: "sent", now: after }));
        sent++;
        continue;
      }
      const giveUp = result.permanent || digest.attempts >= MAX_ATTEMPTS;
      this.log(
        `alerts: telegram did not take the ${digest.kind} digest ${id} (${result.error})${giveUp ? "; given up" : "; will retry"}`,
      );
      await data.transaction((tx) =>
        repo.settle(tx, id, {
          status: giveUp ? "failed" : "pending",
          now: after,
          error: result.error,
          nextAttemptAt: after + (result.retryAfterMs ?? backoffMs(digest.attempts)),
        }),
      );
      // Telegram asked to wait: the other digests wait for the next pass too.
      if (result.retryAfterMs !== undefined) break;
    }
    return sent;
  }
}
