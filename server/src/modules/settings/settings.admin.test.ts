import { describe, expect, it } from "vitest";
import { jsonRequest, type TestStore } from "../../test/harness.ts";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";
import { syncDelta, syncVersion } from "../../test/sync.ts";

describe("the console's settings", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  describe("toggles and rate", () => {
    it("defaults the toggles to on and saves them for the storefront", async () => {
      expect(await (await admin.request("GET", "/api/admin/toggles")).json()).toEqual({
        showNewsletter: true,
        showPremium: true,
        showPromo: true,
      });
      const v = await syncVersion(store);
      const res = await admin.request("PUT", "/api/admin/toggles", {
        showNewsletter: false,
        showPremium: true,
        showPromo: false,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ showNewsletter: false, showPremium: true, showPromo: false });
      const d = await syncDelta(store, v);
      expect(d.settings?.toggles).toEqual({ showNewsletter: false, showPremium: true, showPromo: false });
      expect((await admin.request("PUT", "/api/admin/toggles", { showPromo: "no" })).status).toBe(400);
    });

    it("reads the rate publicly and saves a new one with its time", async () => {
      const before = Date.now();
      const v = await syncVersion(store);
      const res = await admin.request("PUT", "/api/admin/rate", { usdToTnd: 3.15 });
      expect(res.status).toBe(200);
      const saved = (await res.json()) as { usdToTnd: number; updatedAt: number };
      expect(saved.usdToTnd).toBe(3.15);
      expect(saved.updatedAt).toBeGreaterThanOrEqual(before);
      expect(await (await store.app.request("/api/admin/rate")).json()).toEqual(saved);
      expect((await syncDelta(store, v)).settings?.rate).toEqual(saved);
      for (const usdToTnd of [0, -1, 1000, "abc", null]) {
        const bad = await admin.request("PUT", "/api/admin/rate", { usdToTnd });
        expect(bad.status, String(usdToTnd)).toBe(400);
      }
    });
  });

  describe("payment instructions", () => {
    const instructions = {
      en: "Pay by D17 to 22 123 456 and send the receipt on WhatsApp.",
      fr: "Payez par D17 au 22 123 456 et envoyez le reçu sur WhatsApp.",
      ar: "ادفع عبر D17 إلى الرقم 22 123 456 وأرسل الإيصال عبر واتساب.",
    };

    it("start empty, are saved in three languages and reach the storefront's sync", async () => {
      expect(await (await admin.request("GET", "/api/admin/payment-instructions")).json()).toEqual({
        en: "",
        fr: "",
        ar: "",
      });
      const v = await syncVersion(store);
      const res = await admin.request("PUT", "/api/admin/payment-instructions", {
        ...instructions,
        en: `  ${instructions.en}  `,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(instructions);
      expect((await syncDelta(store, v)).settings?.paymentInstructions).toEqual(instructions);
    });

    it("refuses a missing language or an over-long text and keeps what was saved", async () => {
      await admin.request("PUT", "/api/admin/payment-instructions", instructions);
      for (const bad of [
        { en: "x", fr: "y" },
        { ...instructions, ar: "x".repeat(1001) },
        { ...instructions, fr: 5 },
      ]) {
        expect((await admin.request("PUT", "/api/admin/payment-instructions", bad)).status).toBe(400);
      }
      expect(await (await admin.request("GET", "/api/admin/payment-instructions")).json()).toEqual(instructions);
    });

    it("are changed only by a signed-in operator", async () => {
      const res = await store.app.request("/api/admin/payment-instructions", jsonRequest("PUT", instructions));
      expect(res.status).toBe(401);
      expect(await (await admin.request("GET", "/api/admin/payment-instructions")).json()).toEqual({
        en: "",
        fr: "",
        ar: "",
      });
    });
  });
});
