/** Operator alerts (docs/decisions.md D48) on SQLite and (TEST_DATABASE=postgres) PostgreSQL, against the local fake
 * Telegram: 1,000 alerts make one message per kind and channel per window; two instances passing at once send each
 * digest once; the operator's per-kind settings are honoured and validated; Telegram's 429 retry_after, server errors
 * and a bad token are retried or given up without losing or doubling a message, and the token is never logged (a
 * real refund's alert, without a code in clear: payments/payment-alerts.test.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { DEFAULT_ALERT_SETTINGS, type AlertKind, type AlertSettings } from "@store/shared/schemas/operator-alerts";
import { createTestStore, jsonRequest, openPeer, TEST_ON_POSTGRES, type TestStore } from "../../test/harness.ts";
import { ADMIN_ENV, signIn } from "../../test/admin-session.ts";
import { captureLogs } from "../../test/logs.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import type { DataLayer } from "../../db/data.ts";
import type { Services } from "../../app.ts";
import { AlertsRepo } from "./alerts.repo.ts";
import { ALERT_DIGEST_MAIL_KIND, OperatorAlerts } from "./alerts.service.ts";
import { TelegramSender } from "./telegram.ts";
import { FakeTelegram } from "../../test/fake-telegram.ts";
import { SettingsRepo } from "../settings/settings.repo.ts";

const TOKEN = "123456:alerts-test-token-secret";
const CHAT = "-100200300";
const OPERATOR = "ops@store.test";
const WINDOW = DEFAULT_ALERT_SETTINGS.windowMinutes * 60_000;

/** An instance's alerts on its own clock, as the worker of one server runs them. */
function alertsOf(data: DataLayer, services: Services, telegram: FakeTelegram, clock: () => number, token = TOKEN) {
  return new OperatorAlerts({
    data,
    repo: new AlertsRepo(),
    settingsRepo: new SettingsRepo(),
    mail: services.mailRepo,
    operatorEmail: OPERATOR,
    telegram: new TelegramSender({ botToken: token, chatId: CHAT, apiUrl: telegram.url }),
    clock,
  });
}

async function digestMails(store: TestStore) {
  return store.query((db, t) => db.select().from(t.mailOutbox).where(eq(t.mailOutbox.kind, ALERT_DIGEST_MAIL_KIND)));
}

async function record(alerts: OperatorAlerts, store: TestStore, kind: AlertKind, count: number, at: number) {
  await store.data.transaction(async (tx) => {
    for (let i = 0; i < count; i++)
      await alerts.record(
        tx,
        { kind, orderCode: `ORD-${i}`, summary: `Order ORD-${i} is paid and awaits your codes` },
        at,
      );
  });
}

describe("operator alerts", () => {
  let store: TestStore;
  let telegram: FakeTelegram;
  let now: number;
  let alerts: OperatorAlerts;
  let logs: string[];
  beforeEach(async () => {
    telegram = await FakeTelegram.start({ token: TOKEN, chatId: CHAT });
    store = await createTestStore({
      seed: true,
      env: {
        ...ADMIN_ENV,
        OPERATOR_EMAIL: OPERATOR,
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_CHAT_ID: CHAT,
        TELEGRAM_API_URL: telegram.url,
      },
    });
    // The start of a window, so "the same window" is certain.
    now = Math.ceil(Date.now() / WINDOW) * WINDOW + 1000;
    alerts = alertsOf(store.data, store.services, telegram, () => now);
    logs = captureLogs();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await store.close();
    await telegram.close();
  });

  it("gathers 1,000 alerts into one message per kind and channel per window", async () => {
    await record(alerts, store, "awaiting_fulfilment", 1000, now);
    await record(alerts, store, "payment_unmatched", 3, now);
    expect(await alerts.pass(now)).toEqual({ digests: 4, sent: 2 });
    const mails = await digestMails(store);
    expect(mails).toHaveLength(2);
    const big = mails.find((m) => m.subject.includes("1000 paid order(s)"));
    expect(big?.to).toBe(OPERATOR);
    expect(big?.text).toContain("- Order ORD-0 is paid and awaits your codes");
    expect(big?.text).toContain("… and 950 more: see the admin console.");
    expect(telegram.messages).toHaveLength(2);
    expect(telegram.messages.every((m) => m.text.length <= 4096)).toBe(true);
    expect(telegram.messages.map((m) => m.text.split("\n")[0]).sort()).toEqual([
      "Store alert: 1000 paid order(s) await your codes (manual delivery)",
      "Store alert: 3 payment(s) without an order",
    ]);

    // More alerts in the same window wait for the next one; a pass in the same window sends nothing.
    await record(alerts, store, "awaiting_fulfilment", 5, now + 1000);
    expect(await alerts.pass(now + 60_000)).toEqual({ digests: 0, sent: 0 });
    expect(await digestMails(store)).toHaveLength(2);
    expect(telegram.messages).toHaveLength(2);
    now += WINDOW;
    expect(await alerts.pass(now)).toEqual({ digests: 2, sent: 1 });
    expect(telegram.messages.at(-1)?.text).toContain("Store alert: 5 paid order(s)");
    expect(await digestMails(store)).toHaveLength(3);
    // Nothing waits any more.
    now += WINDOW;
    expect(await alerts.pass(now)).toEqual({ digests: 0, sent: 0 });
  });

  it("sends each digest once when two instances pass at the same time", async () => {
    // On PostgreSQL a second server on the same database; SQLite is one process's file, so there a second worker.
    const peer = TEST_ON_POSTGRES ? await openPeer(store) : undefined;
    try {
      const other = alertsOf(peer?.data ?? store.data, peer?.services ?? store.services, telegram, () => now);
      await record(alerts, store, "low_stock", 200, now);
      await record(alerts, store, "payment_reversed", 2, now);
      const results = await Promise.all([alerts.pass(now), other.pass(now), alerts.pass(now), other.pass(now)]);
      expect(results.reduce((n, r) => n + r.digests, 0)).toBe(4);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(2);
      expect(telegram.messages).toHaveLength(2);
      expect(await digestMails(store)).toHaveLength(2);
      // Every alert went into exactly one digest per channel.
      const rows = await store.query((db, t) => db.select().from(t.operatorAlerts));
      expect(rows).toHaveLength(202);
      expect(rows.every((r) => r.emailState === "digested" && r.telegramState === "digested")).toBe(true);
      const digests = await store.query((db, t) => db.select().from(t.operatorAlertDigests));
      expect(digests.map((d) => d.alerts).sort((a, b) => a - b)).toEqual([2, 2, 200, 200]);
    } finally {
      await peer?.close();
    }
  });

  it("honours the operator's settings per kind and channel, and refuses bad ones", async () => {
    const admin = await signIn(store);
    const got = await admin.request("GET", "/api/admin/alert-settings");
    expect(await got.json()).toEqual({ settings: DEFAULT_ALERT_SETTINGS, available: { email: true, telegram: true } });
    const next: AlertSettings = {
      windowMinutes: 10,
      kinds: {
        ...DEFAULT_ALERT_SETTINGS.kinds,
        low_stock: { email: true, telegram: false },
        payment_unmatched: { email: false, telegram: true },
        awaiting_fulfilment: { email: false, telegram: false },
      },
    };
    const put = await admin.request("PUT", "/api/admin/alert-settings", next);
    expect(put.status, await put.clone().text()).toBe(200);
    for (const bad of [
      { ...next, windowMinutes: 0 },
      { ...next, windowMinutes: 1441 },
      { windowMinutes: 5 },
      { ...next, kinds: { ...next.kinds, low_stock: { email: "yes", telegram: true } } },
    ]) {
      const res = await admin.request("PUT", "/api/admin/alert-settings", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await store.app.request("/api/admin/alert-settings")).status).toBe(401);
    expect(
      (await store.app.request("/api/admin/alert-settings", jsonRequest("PUT", next, { Cookie: admin.cookie }))).status,
    ).toBe(403);
    expect(await (await admin.request("GET", "/api/admin/alert-settings")).json()).toMatchObject({ settings: next });

    await record(alerts, store, "low_stock", 2, now);
    await record(alerts, store, "payment_unmatched", 2, now);
    await record(alerts, store, "awaiting_fulfilment", 2, now);
    expect(await alerts.pass(now)).toEqual({ digests: 2, sent: 1 });
    expect((await digestMails(store)).map((m) => m.subject)).toEqual(["Store alert: 2 low-stock alert(s)"]);
    expect(telegram.messages.map((m) => m.text.split("\n")[0])).toEqual(["Store alert: 2 payment(s) without an order"]);
    // What a channel was turned off for is not sent later either.
    now += 10 * 60_000;
    expect(await alerts.pass(now)).toEqual({ digests: 0, sent: 0 });
    const off = await store.query((db, t) =>
      db.select().from(t.operatorAlerts).where(eq(t.operatorAlerts.kind, "awaiting_fulfilment")),
    );
    expect(off.every((a) => a.emailState === "off" && a.telegramState === "off")).toBe(true);
  });

  it("waits as long as Telegram's 429 asks, retries server errors, and sends each digest once", async () => {
    await record(alerts, store, "payment_reversed", 1, now);
    telegram.rateLimit(1, 30);
    expect(await alerts.pass(now)).toEqual({ digests: 2, sent: 0 });
    expect(telegram.calls).toBe(1);
    // Before retry_after is up, Telegram is not asked again.
    now += 29_000;
    expect((await alerts.pass(now)).sent).toBe(0);
    expect(telegram.calls).toBe(1);
    now += 1000;
    telegram.failWith(1, 502);
    expect((await alerts.pass(now)).sent).toBe(0);
    expect(telegram.calls).toBe(2);
    // The second failure waits 10 s (5 s, then doubling).
    now += 9000;
    expect((await alerts.pass(now)).sent).toBe(0);
    now += 1000;
    expect((await alerts.pass(now)).sent).toBe(1);
    now += WINDOW;
    expect((await alerts.pass(now)).sent).toBe(0);
    expect(telegram.messages).toHaveLength(1);
    expect(telegram.calls).toBe(3);
    const [digest] = await store.query((db, t) =>
      db.select().from(t.operatorAlertDigests).where(eq(t.operatorAlertDigests.channel, "telegram")),
    );
    expect(digest).toMatchObject({ status: "sent", attempts: 3, leaseUntil: null });
    expect(logs.join("\n")).toContain("HTTP 429: Too Many Requests: retry after 30");
    expect(logs.join("\n")).not.toContain(TOKEN);
  });

  it("gives up on a bad token at once, without logging it, and still mails", async () => {
    const wrong = alertsOf(store.data, store.services, telegram, () => now, "999:wrong-token-secret");
    await record(wrong, store, "low_stock", 1, now);
    expect(await wrong.pass(now)).toEqual({ digests: 2, sent: 0 });
    now += WINDOW;
    expect(await wrong.pass(now)).toEqual({ digests: 0, sent: 0 });
    expect(telegram.calls).toBe(1);
    const [digest] = await store.query((db, t) =>
      db.select().from(t.operatorAlertDigests).where(eq(t.operatorAlertDigests.channel, "telegram")),
    );
    expect(digest).toMatchObject({ status: "failed", lastError: "HTTP 401: Unauthorized" });
    expect(await digestMails(store)).toHaveLength(1);
    expect(logs.join("\n")).not.toContain("wrong-token-secret");
  });

  it("tells the operator when a delivery leaves a product at or under its low-stock threshold", async () => {
    const admin = await signIn(store);
    const put = await admin.request("PUT", "/api/admin/products/steam-20", {
      deliveryMode: "automatic",
      lowStockThreshold: 2,
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const codes = ["LOW-STOCK-AAAA-1", "LOW-STOCK-BBBB-2", "LOW-STOCK-CCCC-3", "LOW-STOCK-DDDD-4"];
    expect(
      (await admin.request("POST", "/api/admin/products/steam-20/codes/import", { text: codes.join("\n") })).status,
    ).toBe(200);
    const buy = async (qty: number) => {
      const res = await store.app.request(
        "/api/checkout",
        jsonRequest("POST", checkoutBody({ items: [{ id: "steam-20", qty }] })),
      );
      const { panierCode } = (await res.json()) as { panierCode: string };
      expect((await admin.request("POST", `/api/admin/orders/${panierCode}/mark-paid`, {})).status).toBe(200);
    };
    // 4 -> 3 left: above the threshold, nothing to say.
    await buy(1);
    const low = () =>
      store.query((db, t) => db.select().from(t.operatorAlerts).where(eq(t.operatorAlerts.kind, "low_stock")));
    expect(await low()).toHaveLength(0);
    // 3 -> 1 left.
    await buy(2);
    expect((await low()).map((a) => a.summary)).toEqual([
      expect.stringMatching(/: 1 code\(s\) left in stock \(low at 2\)$/),
    ]);
    expect(await store.services.alerts.pass(Date.now())).toMatchObject({ digests: 2, sent: 1 });
    expect(telegram.messages[0]?.text).toContain("Store alert: 1 low-stock alert(s)");
    expect(JSON.stringify(telegram.messages)).not.toContain("LOW-STOCK-");
  });

  it("tells the operator of a paid order awaiting manual codes through the worker's digest", async () => {
    const res = await store.app.request("/api/checkout", jsonRequest("POST", checkoutBody()));
    const { panierCode } = (await res.json()) as { panierCode: string };
    const admin = await signIn(store);
    expect((await admin.request("POST", `/api/admin/orders/${panierCode}/mark-paid`, {})).status).toBe(200);
    // The store's own worker (on the store's clock) gathers it.
    expect(await store.services.alerts.pass(Date.now())).toMatchObject({ digests: 2, sent: 1 });
    expect(telegram.messages[0]?.text).toContain(`Order ${panierCode} is paid and awaits your codes`);
  });
});
