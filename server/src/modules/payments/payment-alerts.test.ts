/** A refund at Stripe reaches the operator's alerts (docs/decisions.md D48) without a code in clear: in the stored
 * alerts, the digest mail and the Telegram message (the local fake). SQLite and (TEST_DATABASE=postgres) PostgreSQL. */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jsonRequest } from "../../test/harness.ts";
import { signIn } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { FakeTelegram } from "../../test/fake-telegram.ts";
import { ALERT_DIGEST_MAIL_KIND } from "../operator-alerts/alerts.service.ts";
import { OPERATOR, storeOnStripe } from "../../test/payments-test-kit.ts";

const TOKEN = "123456:payment-alerts-token-secret";
const CHAT = "-100200300";

describe("operator alerts about money", () => {
  it("never carry a code in clear: a refund of a delivered order at Stripe", async () => {
    const telegram = await FakeTelegram.start({ token: TOKEN, chatId: CHAT });
    const { store, stripe } = await storeOnStripe(
      { secretKey: "sk_test_alerts", webhookSecret: "whsec_alerts" },
      { OPERATOR_EMAIL: OPERATOR, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: CHAT, TELEGRAM_API_URL: telegram.url },
    );
    try {
      const admin = await signIn(store);
      await admin.request("PUT", "/api/admin/products/steam-20", { deliveryMode: "automatic" });
      const codes = ["ALERT-CODE-AAAA-1111", "ALERT-CODE-BBBB-2222"];
      const imported = await admin.request("POST", "/api/admin/products/steam-20/codes/import", {
        text: codes.join("\n"),
      });
      expect(imported.status).toBe(200);
      const placed = await store.app.request(
        "/api/checkout",
        jsonRequest("POST", checkoutBody({ items: [{ id: "steam-20", qty: 2 }] })),
      );
      const { panierCode } = (await placed.json()) as { panierCode: string };
      const [order] = await store.query((db, t) => db.select().from(t.orders).where(eq(t.orders.code, panierCode)));
      const session = order?.paymentRef ?? "";
      stripe.markPaid(session);
      const send = (e: { body: string; signature: string }) =>
        store.app.request("/api/payments/stripe/webhook", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": e.signature },
          body: e.body,
        });
      expect(await (await send(stripe.event(session))).json()).toMatchObject({ outcome: "settled" });
      expect(await (await send(stripe.refundEvent(session))).json()).toMatchObject({ outcome: "refunded" });
      // The refund, and the stock the delivery left empty.
      expect(await store.services.alerts.pass(Date.now())).toEqual({ digests: 4, sent: 2 });
      const digests = await store.query((db, t) =>
        db.select().from(t.mailOutbox).where(eq(t.mailOutbox.kind, ALERT_DIGEST_MAIL_KIND)),
      );
      const said = [
        ...(await store.query((db, t) => db.select().from(t.operatorAlerts))).map((a) => a.summary),
        ...digests.flatMap((m) => [m.subject, m.text, m.html]),
        ...telegram.messages.map((m) => m.text),
      ].join("\n");
      expect(said).toContain(`Order ${panierCode}: a full refund`);
      for (const code of codes) {
        expect(said).not.toContain(code);
        expect(said).not.toContain(code.slice(0, 14));
      }
    } finally {
      await store.close();
      await stripe.close();
      await telegram.close();
    }
  });
});
