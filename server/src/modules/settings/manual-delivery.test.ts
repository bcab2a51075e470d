import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { checkoutResponseSchema } from "@store/shared/schemas/checkout";
import { jsonRequest, type TestStore } from "../../test/harness.ts";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { syncDelta, syncVersion } from "../../test/sync.ts";
import { ORDER_MAIL_DATA } from "../../test/order-mail-data.ts";
import { orderConfirmationMail } from "../mail/templates.ts";

const DATA = ORDER_MAIL_DATA;

describe("order confirmation email", () => {
  it("says the payment is awaited until the order is paid, in en, fr and ar", () => {
    expect(orderConfirmationMail("en", DATA).subject).toBe("Order PNR-ABCD1234 received: awaiting payment");
    expect(orderConfirmationMail("fr", DATA).subject).toBe("Commande PNR-ABCD1234 reçue : paiement en attente");
    expect(orderConfirmationMail("ar", DATA).subject).toBe("تم استلام الطلب PNR-ABCD1234: في انتظار الدفع");
    const paid = { ...DATA, paid: true };
    expect(orderConfirmationMail("en", paid).subject).toBe("Order PNR-ABCD1234 confirmed");
    expect(orderConfirmationMail("fr", paid).subject).toBe("Commande PNR-ABCD1234 confirmée");
    expect(orderConfirmationMail("ar", paid).subject).toBe("تم تأكيد الطلب PNR-ABCD1234");
  });

  it("tells the pages' story of how the store gets in touch, in en, fr and ar", () => {
    const sentences = {
      en: "We will contact you by email or WhatsApp to arrange the payment.",
      fr: "Nous vous contacterons par e-mail ou WhatsApp pour organiser le paiement.",
      ar: "سنتواصل معك عبر البريد الإلكتروني أو واتساب لترتيب الدفع.",
    };
    for (const [locale, sentence] of Object.entries(sentences)) {
      const mail = orderConfirmationMail(locale, DATA);
      expect(mail.text).toContain(sentence);
      expect(mail.html).toContain(sentence);
      expect(mail.text).not.toContain("on WhatsApp to arrange payment");
    }
  });

  it("promises a manual line within the operator's hours, and only for an order that has one", () => {
    expect(orderConfirmationMail("en", DATA).text).not.toContain("Sent by hand");
    const manual = { ...DATA, manualDeliveryHours: 6 };
    expect(orderConfirmationMail("en", manual).text).toContain("Sent by hand within 6 hours of payment, by email.");
    expect(orderConfirmationMail("en", manual).html).toContain("Sent by hand within 6 hours of payment, by email.");
    expect(orderConfirmationMail("fr", manual).text).toContain(
      "Envoyé à la main dans les 6 heures suivant le paiement, par e-mail.",
    );
    expect(orderConfirmationMail("ar", manual).text).toContain("يُرسل يدويًا خلال 6 ساعة من الدفع");
  });
});

describe("manual delivery time setting", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  it("starts at 24 hours, is saved and reaches the storefront's sync", async () => {
    expect(await (await admin.request("GET", "/api/admin/manual-delivery")).json()).toEqual({ hours: 24 });
    const v = await syncVersion(store);
    const res = await admin.request("PUT", "/api/admin/manual-delivery", { hours: 6 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hours: 6 });
    expect(await (await admin.request("GET", "/api/admin/manual-delivery")).json()).toEqual({ hours: 6 });
    expect((await syncDelta(store, v)).settings?.manualDeliveryHours).toBe(6);
  });

  it("refuses 0, 721, a fraction or a text with 400 and writes nothing", async () => {
    await admin.request("PUT", "/api/admin/manual-delivery", { hours: 720 });
    const v = await syncVersion(store);
    for (const hours of [0, 721, 1.5, "6", null]) {
      const bad = await admin.request("PUT", "/api/admin/manual-delivery", { hours });
      expect(bad.status, String(hours)).toBe(400);
    }
    expect(await syncVersion(store)).toBe(v);
    expect(await (await admin.request("GET", "/api/admin/manual-delivery")).json()).toEqual({ hours: 720 });
  });

  it("is changed only by a signed-in operator", async () => {
    const res = await store.app.request("/api/admin/manual-delivery", jsonRequest("PUT", { hours: 6 }));
    expect(res.status).toBe(401);
    expect(await (await admin.request("GET", "/api/admin/manual-delivery")).json()).toEqual({ hours: 24 });
  });

  it("is promised in the confirmation email of an order with a manual line", async () => {
    await store.query((db, t) =>
      db.update(t.products).set({ deliveryMode: "manual", inStock: true }).where(eq(t.products.id, "psn-10-us")),
    );
    expect((await admin.request("PUT", "/api/admin/manual-delivery", { hours: 6 })).status).toBe(200);
    const res = await store.app.request("/api/checkout", jsonRequest("POST", checkoutBody()));
    expect(res.status).toBe(200);
    const out = checkoutResponseSchema.parse(await res.json());
    const list = await store.services.mailbox.list(10);
    const id = list.find((m) => m.subject.includes(out.panierCode))?.id ?? 0;
    const mail = await store.services.mailbox.get(id);
    expect(mail?.subject).toBe(`Order ${out.panierCode} received: awaiting payment`);
    expect(mail?.text).toContain("Sent by hand within 6 hours of payment, by email.");
  });
});
