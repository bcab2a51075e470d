import { describe, expect, it } from "vitest";
import { jsonRequest, type TestStore } from "../../test/harness.ts";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";
import { eq } from "drizzle-orm";
import type { Sales, TopProducts } from "@store/shared/schemas/orders";
import { CatalogRepo } from "../catalog/catalog.repo.ts";
import { CatalogVersions } from "../catalog/catalog-versions.repo.ts";

describe("the console's orders", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  describe("dashboard", () => {
    async function placeOrder(email: string): Promise<string> {
      const res = await store.app.request(
        "/api/checkout",
        jsonRequest("POST", {
          name: "Amira Ben Salah",
          email,
          whatsapp: "+216 20 123 456",
          currency: "USD",
          items: [{ id: "steam-20", qty: 2 }],
          promoCode: "",
          notes: "",
        }),
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { panierCode: string }).panierCode;
    }

    it("shows metrics, recent orders, one order, and marks a manual payment as paid", async () => {
      const code = await placeOrder("amira@example.com");
      await placeOrder("AMIRA@example.com");
      const metrics = await (await admin.request("GET", "/api/admin/metrics")).json();
      expect(metrics).toMatchObject({
        totalOrders: 2,
        uniqueCustomers: 1,
        recentOrders: 2,
        priorOrders: 0,
        growthPercentage: 200,
      });
      expect((metrics as { totalProducts: number }).totalProducts).toBeGreaterThanOrEqual(40);

      const recent = (await (await admin.request("GET", "/api/admin/orders?limit=10")).json()) as {
        orders: { code: string; customer: { name: string }; items: { id: string; qty: number; title: string }[] }[];
      };
      expect(recent.orders).toHaveLength(2);
      expect(recent.orders[1]).toMatchObject({
        code,
        customer: { name: "Amira Ben Salah" },
        items: [{ id: "steam-20", qty: 2 }],
      });
      expect((await admin.request("GET", "/api/admin/orders?limit=abc")).status).toBe(400);

      const one = await admin.request("GET", `/api/admin/orders/${code}`);
      expect(await one.json()).toMatchObject({
        code,
        status: "pending_payment",
        customer: { email: "amira@example.com", whatsapp: "+216 20 123 456" },
      });
      expect((await admin.request("GET", "/api/admin/orders/PNR-NOPE0000")).status).toBe(404);

      const sales = async () =>
        (await store.data.read((tx) => new CatalogRepo(new CatalogVersions()).productById(tx, "steam-20")))?.sales ?? 0;
      const salesBefore = await sales();
      const paid = await admin.request("POST", `/api/admin/orders/${code}/mark-paid`);
      expect(paid.status).toBe(200);
      expect(await paid.json()).toMatchObject({ code, status: "paid" });
      // Paid units count toward the popularity sort and reach the storefront through sync.
      expect(await sales()).toBe(salesBefore + 2);
      expect((await admin.request("POST", `/api/admin/orders/${code}/mark-paid`)).status).toBe(409);
    });

    it("pages the orders list on the server: by date or total, by state, by code or email, with a cursor", async () => {
      const codes: string[] = [];
      for (let i = 1; i <= 7; i++) {
        const res = await store.app.request(
          "/api/checkout",
          jsonRequest("POST", {
            name: `Buyer ${i}`,
            email: i % 2 === 0 ? `Even.${i}@Example.com` : `odd.${i}@example.com`,
            whatsapp: "+216 20 123 456",
            currency: "USD",
            items: [{ id: "steam-20", qty: i }],
            promoCode: "",
            notes: "",
          }),
        );
        expect(res.status).toBe(200);
        const code = ((await res.json()) as { panierCode: string }).panierCode;
        codes.push(code);
        // Paid, the later ones hold nothing, so one test client stays within what it may hold unpaid.
        if (i > 1) expect((await admin.request("POST", `/api/admin/orders/${code}/mark-paid`)).status).toBe(200);
      }
      type Page = { orders: { code: string; total: number; createdAt: number; status: string }[]; next: string | null };
      const get = async (query: string) => {
        const res = await admin.request("GET", `/api/admin/orders?${query}`);
        expect(res.status, query).toBe(200);
        return (await res.json()) as Page;
      };
      // Newest first, three at a time, until the cursor runs out: every order once.
      const seen: Page["orders"] = [];
      let page = await get("limit=3");
      for (;;) {
        seen.push(...page.orders);
        if (page.next === null) break;
        page = await get(`limit=3&cursor=${page.next}`);
      }
      expect(seen.map((o) => o.code).sort()).toEqual([...codes].sort());
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1], seen[i]];
        expect(a && b && (a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.code > b.code))).toBe(true);
      }
      const byTotal = await get("sort=total_desc&limit=2");
      expect(byTotal.orders.map((o) => o.code)).toEqual([codes[6], codes[5]]);
      const rest = await get(`sort=total_desc&limit=10&cursor=${byTotal.next}`);
      expect(rest.orders.map((o) => o.code)).toEqual([...codes].reverse().slice(2));
      expect(rest.next).toBeNull();
      expect((await get("sort=total_asc&limit=1")).orders[0]?.code).toBe(codes[0]);

      expect((await get(`q=${codes[3]?.toLowerCase()}`)).orders.map((o) => o.code)).toEqual([codes[3]]);
      expect((await get("q=EVEN.")).orders).toHaveLength(3);
      expect((await get("q=nobody@")).orders).toEqual([]);
      expect((await admin.request("POST", `/api/admin/orders/${codes[0]}/cancel`)).status).toBe(200);
      expect((await get("status=cancelled")).orders.map((o) => o.code)).toEqual([codes[0]]);
      expect((await get("status=cancelled&q=odd")).orders).toHaveLength(1);

      for (const query of ["sort=cheapest", "cursor=bm90LWEtY3Vyc29y", "status=lost", "limit=x"]) {
        expect((await admin.request("GET", `/api/admin/orders?${query}`)).status, query).toBe(400);
      }
    });

    it("finds orders by an email prefix that thousands of orders share, newest first, a page at a time", async () => {
      // 2,100 orders of "bulk-<n>@example.com" (past the count from which the list walks its date order instead of
      // the email index) and a few others interleaved in time.
      const base = Date.UTC(2026, 0, 1);
      const row = (i: number, email: string) => ({
        id: `ord_bulk_${i}`,
        code: `PNR-B${String(i).padStart(6, "0")}`,
        status: "delivered" as const,
        customerName: "Bulk",
        customerEmail: email,
        customerWhatsapp: "+21620000000",
        currency: "USD",
        rate: "1",
        subtotal: 100,
        total: 100,
        accessTokenHash: `bulk-${i}`,
        createdAt: base + i * 1000,
        updatedAt: base + i * 1000,
      });
      await store.data.transaction(async (tx) => {
        const rows = Array.from({ length: 2_200 }, (_, i) =>
          row(i, i % 22 === 0 ? `other-${i}@example.com` : `Bulk-${i}@example.com`),
        );
        for (let i = 0; i < rows.length; i += 200) await tx.db.insert(tx.t.orders).values(rows.slice(i, i + 200));
      });
      const expected = Array.from({ length: 2_200 }, (_, i) => i)
        .filter((i) => i % 22 !== 0)
        .reverse()
        .map((i) => `PNR-B${String(i).padStart(6, "0")}`);
      type Page = { orders: { code: string }[]; next: string | null };
      const get = async (query: string) =>
        (await (await admin.request("GET", `/api/admin/orders?${query}`)).json()) as Page;
      const first = await get("q=bulk-&limit=50");
      expect(first.orders.map((o) => o.code)).toEqual(expected.slice(0, 50));
      const second = await get(`q=bulk-&limit=50&cursor=${first.next}`);
      expect(second.orders.map((o) => o.code)).toEqual(expected.slice(50, 100));
      // A narrow prefix goes through the email index, with the same answer shape.
      expect((await get("q=bulk-2199@")).orders.map((o) => o.code)).toEqual(["PNR-B002199"]);
      expect((await get("q=other-")).orders).toHaveLength(10);
    });

    it("draws the last days: orders per day, revenue per currency of paid orders, top products", async () => {
      const paidCode = await placeOrder("amira@example.com");
      const pendingCode = await placeOrder("sami@example.com");
      expect((await admin.request("POST", `/api/admin/orders/${paidCode}/mark-paid`)).status).toBe(200);
      const res = await admin.request("GET", "/api/admin/metrics/sales?days=7");
      expect(res.status).toBe(200);
      const sales = (await res.json()) as Sales;
      expect(sales.days).toHaveLength(7);
      expect(sales.days[6]?.day).toBe(new Date().toISOString().slice(0, 10));
      expect(sales.days.slice(0, 6).every((d) => d.orders === 0)).toBe(true);
      const today = sales.days[6];
      const paidTotal = (
        (await (await admin.request("GET", `/api/admin/orders/${paidCode}`)).json()) as { total: number }
      ).total;
      // Both orders count; only the paid one's money is revenue.
      expect(today).toMatchObject({ orders: 2, revenue: { USD: paidTotal } });
      expect(sales).not.toHaveProperty("topProducts");
      const top = await admin.request("GET", "/api/admin/metrics/top-products?days=7");
      expect(top.status).toBe(200);
      expect(((await top.json()) as TopProducts).topProducts).toEqual([
        { id: "steam-20", title: expect.any(String) as string, units: 2, orders: 1 },
      ]);

      // Days start at the operator's midnight: an order at 23:30 UTC is the next day one hour east of UTC.
      const at = Date.UTC(2026, 2, 10, 23, 30);
      await store.data.transaction(async (tx) => {
        await tx.db.update(tx.t.orders).set({ createdAt: at }).where(eq(tx.t.orders.code, pendingCode));
      });
      const now = Date.UTC(2026, 2, 20, 12);
      const utc = await store.services.orders.sales(30, 0, now);
      expect(utc.days.find((d) => d.day === "2026-03-10")?.orders).toBe(1);
      const east = await store.services.orders.sales(30, 60, now);
      expect(east.days.find((d) => d.day === "2026-03-10")?.orders).toBe(0);
      expect(east.days.find((d) => d.day === "2026-03-11")?.orders).toBe(1);
      expect(east.days.at(-1)?.day).toBe("2026-03-20");
      // The paid order is in the top products of a window that holds it, and of no other.
      expect((await store.services.orders.topProducts(30, 0, now)).topProducts).toEqual([]);
      expect((await store.services.orders.topProducts(7)).topProducts).toHaveLength(1);

      for (const query of ["days=0", "days=abc", "days=400", "tz=9999", "tz=1.5"]) {
        expect((await admin.request("GET", `/api/admin/metrics/sales?${query}`)).status, query).toBe(400);
        expect((await admin.request("GET", `/api/admin/metrics/top-products?${query}`)).status, query).toBe(400);
      }
    });
  });
});
