/** Promo codes get an end date and a usage cap, set by the admin, enforced by promo validation and by
 * the checkout (atomically: two orders at once cannot both take a code's last use). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROMO_INVALID } from "@store/shared/schemas/promos";
import { openAdminStore, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { jsonRequest, type TestStore } from "../../test/harness.ts";

describe("promo end dates and usage caps", () => {
  let store: TestStore;
  let admin: AdminClient;
  beforeEach(async () => {
    ({ store, admin } = await openAdminStore());
  }, 60_000);
  afterEach(() => store.close());

  const validate = (code: string) => store.app.request("/api/promos/validate", jsonRequest("POST", { code }));
  const order = (promoCode: string, i: number) =>
    store.app.request("/api/checkout", jsonRequest("POST", checkoutBody({ promoCode, email: `p${i}@example.com` })));

  it("are set, shown and edited through the admin API", async () => {
    const expiresAt = Date.now() + 86_400_000;
    const created = await admin.request("POST", "/api/admin/promos", {
      code: "spring",
      percent: 10,
      expiresAt,
      maxUses: 5,
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ code: "SPRING", expiresAt, maxUses: 5, usageCount: 0 });
    const edited = await admin.request("PUT", "/api/admin/promos/SPRING", { expiresAt: null, maxUses: 2 });
    expect(await edited.json()).toMatchObject({ expiresAt: null, maxUses: 2 });
    const list = (await (await admin.request("GET", "/api/admin/promos")).json()) as unknown[];
    expect(list).toMatchObject([{ code: "SPRING", expiresAt: null, maxUses: 2 }]);
    for (const body of [{ maxUses: 0 }, { maxUses: 1.5 }, { expiresAt: "tomorrow" }, { maxUses: -3 }])
      expect((await admin.request("PUT", "/api/admin/promos/SPRING", body)).status, JSON.stringify(body)).toBe(400);
  });

  it("stop an expired code at validation and at checkout", async () => {
    await store.services.promos.create({ code: "OLD", percent: 10, expiresAt: Date.now() - 1000 });
    await store.services.promos.create({ code: "FRESH", percent: 10, expiresAt: Date.now() + 3_600_000 });
    expect((await validate("OLD")).status).toBe(400);
    const refused = await order("OLD", 1);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: PROMO_INVALID });
    expect((await validate("FRESH")).status).toBe(200);
    expect((await order("FRESH", 2)).status).toBe(200);
  });

  it("stop a code once it has been used as often as allowed, even by orders placed at once", async () => {
    await store.services.promos.create({ code: "TWICE", percent: 10, maxUses: 2 });
    const statuses = await Promise.all([1, 2, 3, 4].map(async (i) => (await order("TWICE", i)).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 400)).toHaveLength(2);
    expect((await validate("TWICE")).status).toBe(400);
    expect((await store.services.promos.get("TWICE")).usageCount).toBe(2);
    // Raising the cap brings it back.
    await store.services.promos.update("TWICE", { maxUses: 3 });
    expect((await validate("TWICE")).status).toBe(200);
  });
});
