/** A shopper's name is only a name, and no mail to a shopper carries it (docs/decisions.md D39), on SQLite and
 * (TEST_DATABASE=postgres) PostgreSQL: a name holding a web address is refused before anything is written or counted,
 * and the confirmation, payment, delivery and order-link mails greet without the name the order was placed with. */
import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES, checkoutResponseSchema } from "@store/shared/schemas/checkout";
import { devMailSchema, devMailSummarySchema, type DevMail } from "@store/shared/schemas/orders";
import { ADMIN_ENV, signIn, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { jsonRequest, storeForEachTest, type TestStore } from "../../test/harness.ts";

describe("the shopper's name", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened), {
    seed: true,
    env: { ...ADMIN_ENV, TRUST_PROXY: "1", OPERATOR_EMAIL: "ops@store.test" },
  });

  const count = async () => ({
    orders: (await store.query((db, t) => db.select({ id: t.orders.id }).from(t.orders))).length,
    mails: (await store.query((db, t) => db.select({ id: t.mailOutbox.id }).from(t.mailOutbox))).length,
    limits: (await store.query((db, t) => db.select({ key: t.rateLimits.key }).from(t.rateLimits))).length,
  });

  /** Sends what is due, then every mail of the dev mailbox, opened. */
  async function mailbox(admin: AdminClient): Promise<DevMail[]> {
    await store.services.mailWorker.runOnce(Date.now() + 1);
    const list = devMailSummarySchema
      .array()
      .parse(await (await admin.request("GET", "/api/admin/mailbox?limit=500")).json());
    return Promise.all(
      list.map(async (m) =>
        devMailSchema.parse(await (await admin.request("GET", `/api/admin/mailbox/${m.id}`)).json()),
      ),
    );
  }

  it("refuses a name that holds a web address or a control character, writing and counting nothing", async () => {
    const before = await count();
    for (const name of ["https://store.test/refund Smith", "www.evil Smith", "Smith evil.example", "Ami\u202Era"]) {
      const res = await store.app.request("/api/checkout", jsonRequest("POST", checkoutBody({ name })));
      expect(res.status, name).toBe(400);
      expect(await res.json()).toMatchObject({
        fields: { name: CHECKOUT_MESSAGES.plainName },
        fieldCodes: { name: { code: "invalid_name" } },
      });
    }
    expect(await count()).toEqual(before);
  });

  it("greets the shopper without the name in every mail; only the operator's copy shows it", async () => {
    const admin = await signIn(store);
    expect((await admin.request("PUT", "/api/admin/products/psn-10-us", { deliveryMode: "automatic" })).status).toBe(
      200,
    );
    const imported = await admin.request("POST", "/api/admin/products/psn-10-us/codes/import", {
      text: "PSN-NAME-1\nPSN-NAME-2\nPSN-NAME-3",
    });
    expect(imported.status).toBe(200);
    const place = async (locale: "en" | "fr" | "ar", items = [{ id: "psn-10-us", qty: 1 }]) => {
      const res = await store.app.request(
        "/api/checkout",
        jsonRequest("POST", checkoutBody({ name: "Zed Quill", locale, items })),
      );
      expect(res.status, await res.clone().text()).toBe(200);
      return checkoutResponseSchema.parse(await res.json()).panierCode;
    };
    const delivered = await place("en");
    expect((await admin.request("POST", `/api/admin/orders/${delivered}/mark-paid`)).status).toBe(200);
    const waiting = await place("fr");
    await place("ar");
    // Delivered by hand: its payment is announced on its own.
    const manual = await place("en", [{ id: "steam-20", qty: 1 }]);
    expect((await admin.request("POST", `/api/admin/orders/${manual}/mark-paid`)).status).toBe(200);
    const find = await store.app.request(
      "/api/orders/find",
      jsonRequest("POST", { code: waiting, email: "amira@example.com" }),
    );
    expect(find.status).toBe(202);
    await store.services.orderRecovery.settled();

    const mails = await mailbox(admin);
    const toShopper = mails.filter((m) => m.to === "amira@example.com");
    // Four confirmations, a delivery (with its code), a payment received and an order link.
    expect(toShopper).toHaveLength(7);
    expect(toShopper.some((m) => m.text.includes("PSN-NAME-1"))).toBe(true);
    expect(toShopper.some((m) => m.subject.startsWith("Votre commande"))).toBe(true);
    for (const mail of toShopper) {
      expect(`${mail.text}${mail.html}`, mail.subject).not.toMatch(/Zed|Quill/);
      expect(mail.text, mail.subject).toMatch(/^(Hello,|Bonjour,|مرحبًا،)\n/);
    }
    const operator = mails.filter((m) => m.to === "ops@store.test");
    expect(operator).toHaveLength(4);
    for (const mail of operator) expect(mail.text).toContain("Customer: Zed Quill");
  });
});
