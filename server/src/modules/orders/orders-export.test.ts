import { describe, expect, it } from "vitest";
import type { TestStore } from "../../test/harness.ts";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";
import type { OrderStatus } from "../../db/schema/index.ts";
import { majorUnits, OrdersExport, windowStart } from "./orders-export.ts";
import { OrdersRepo } from "./orders.repo.ts";

const BASE = Date.UTC(2026, 2, 1, 10, 0, 0);
const HOUR = 3_600_000;

interface Seeded {
  i: number;
  status?: OrderStatus;
  email?: string;
  name?: string;
  currency?: string;
  total?: number;
  createdAt?: number;
  promoCode?: string | null;
}

/** Writes orders straight into the tables (one line each), as the list's paging tests do. */
async function seedOrders(store: TestStore, orders: Seeded[]): Promise<void> {
  const row = (o: Seeded) => ({
    id: `ord_x_${o.i}`,
    code: `PNR-X${String(o.i).padStart(7, "0")}`,
    status: o.status ?? ("delivered" as const),
    customerName: o.name ?? `Customer ${o.i}`,
    customerEmail: o.email ?? `customer-${o.i}@example.com`,
    customerWhatsapp: "+216 20 000 000",
    currency: o.currency ?? "USD",
    rate: "1",
    subtotal: (o.total ?? 1000) + 100,
    discount: 100,
    total: o.total ?? 1000,
    promoCode: o.promoCode === undefined ? "SAVE10" : o.promoCode,
    accessTokenHash: `x-${o.i}`,
    createdAt: o.createdAt ?? BASE + o.i * 1000,
    updatedAt: o.createdAt ?? BASE + o.i * 1000,
  });
  await store.data.transaction(async (tx) => {
    for (let i = 0; i < orders.length; i += 200) {
      const rows = orders.slice(i, i + 200).map(row);
      await tx.db.insert(tx.t.orders).values(rows);
      await tx.db.insert(tx.t.orderLines).values(
        rows.map((r) => ({
          orderId: r.id,
          productId: "steam-20",
          title: "Steam Wallet",
          variantName: "$20",
          qty: 2,
          unitPrice: 500,
          lineTotal: 1000,
        })),
      );
    }
  });
}

/** The CSV's rows as cells (no quoted commas in these tests), without the byte order mark. */
function parse(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => line.split(","));
}

describe("orders CSV", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  const get = async (path: string) => {
    const res = await admin.request("GET", path);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
  };

  it("answers a spreadsheet file with a BOM, the header and one row per order, newest first", async () => {
    await seedOrders(store, [
      { i: 1, name: "أميرة بن صالح", currency: "TND", total: 32_500 },
      { i: 2, promoCode: null },
    ]);
    const { res, bytes, text } = await get("/api/admin/orders.csv");
    expect(res.status).toBe(200);
    // The UTF-8 byte order mark first, so a spreadsheet reads the Arabic name as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text.startsWith("\uFEFFcode,date,status,name,email,whatsapp,currency,subtotal,discount,total,")).toBe(true);
    const rows = parse(text);
    expect(rows[0]?.join(",")).toBe(
      "code,date,status,name,email,whatsapp,currency,subtotal,discount,total,promo_code,payment_provider,items",
    );
    expect(rows.slice(1)).toEqual([
      [
        "PNR-X0000002",
        new Date(BASE + 2000).toISOString(),
        "delivered",
        "Customer 2",
        "customer-2@example.com",
        "'+216 20 000 000",
        "USD",
        "11.00",
        "1.00",
        "10.00",
        "",
        "manual",
        "Steam Wallet — $20 × 2",
      ],
      [
        "PNR-X0000001",
        new Date(BASE + 1000).toISOString(),
        "delivered",
        "أميرة بن صالح",
        "customer-1@example.com",
        "'+216 20 000 000",
        "TND",
        "32.600",
        "0.100",
        "32.500",
        "SAVE10",
        "manual",
        "Steam Wallet — $20 × 2",
      ],
    ]);
  });

  it("honours the list's filters: status, an email prefix or an order code, and the sort", async () => {
    await seedOrders(store, [
      { i: 1, status: "delivered", email: "sami@example.com", total: 3000 },
      { i: 2, status: "cancelled", email: "sami.b@example.com", total: 1000 },
      { i: 3, status: "delivered", email: "lina@example.com", total: 2000 },
      { i: 4, status: "pending_payment", email: "Sami.c@example.com", total: 500 },
    ]);
    const codes = async (query: string) =>
      parse((await get(`/api/admin/orders.csv?${query}`)).text)
        .slice(1)
        .map((r) => r[0]);
    expect(await codes("status=delivered")).toEqual(["PNR-X0000003", "PNR-X0000001"]);
    expect(await codes("q=SAMI")).toEqual(["PNR-X0000004", "PNR-X0000002", "PNR-X0000001"]);
    expect(await codes("q=sami&status=delivered")).toEqual(["PNR-X0000001"]);
    expect(await codes("q=pnr-x0000003")).toEqual(["PNR-X0000003"]);
    expect(await codes("sort=total_asc")).toEqual(["PNR-X0000004", "PNR-X0000002", "PNR-X0000003", "PNR-X0000001"]);
    expect(await codes("sort=oldest&status=delivered")).toEqual(["PNR-X0000001", "PNR-X0000003"]);
    expect(await codes("status=refunded")).toEqual([]);
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    await seedOrders(store, [
      { i: 1, name: '=HYPERLINK("http://evil.test","click")', email: "@evil@example.com", promoCode: "-2+3" },
      { i: 2, name: "\tTabbed", email: "+cmd@example.com" },
    ]);
    const { text } = await get("/api/admin/orders.csv?sort=oldest");
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(lines[1]).toContain(",'@evil@example.com,");
    expect(lines[1]).toContain(",'-2+3,");
    expect(lines[2]).toContain(",'\tTabbed,'+cmd@example.com,");
    // No cell of any row starts with a formula character.
    for (const line of lines.slice(1).filter(Boolean))
      for (const cell of line.split(",")) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("exports every order of a 1,000-order store, read a chunk at a time", async () => {
    await seedOrders(
      store,
      Array.from({ length: 1_000 }, (_, i) => ({ i, status: i % 4 === 0 ? "cancelled" : "delivered" })),
    );
    const all = parse((await get("/api/admin/orders.csv")).text).slice(1);
    expect(all).toHaveLength(1_000);
    expect(new Set(all.map((r) => r[0])).size).toBe(1_000);
    expect(all[0]?.[0]).toBe("PNR-X0000999");
    expect(all.at(-1)?.[0]).toBe("PNR-X0000000");
    const delivered = parse((await get("/api/admin/orders.csv?status=delivered")).text).slice(1);
    expect(delivered).toHaveLength(750);

    // Chunks of the keyset paging: no order twice, none left out, whatever the chunk's size.
    const exporter = new OrdersExport(store.data, new OrdersRepo(store.data.engine));
    const sizes: number[] = [];
    const seen = new Set<string>();
    for await (const page of exporter.orders({ sort: "total_desc" }, 300)) {
      sizes.push(page.length);
      for (const o of page) seen.add(o.code);
    }
    expect(sizes).toEqual([300, 300, 300, 100]);
    expect(seen.size).toBe(1_000);
  });

  it("counts orders and revenue per day and currency in the sales CSV, with the same filters", async () => {
    const day1 = Date.UTC(2026, 2, 1, 12);
    const day2 = Date.UTC(2026, 2, 2, 12);
    await seedOrders(store, [
      { i: 1, createdAt: day1, status: "delivered", total: 1000 },
      { i: 2, createdAt: day1 + HOUR, status: "paid", total: 2550 },
      { i: 3, createdAt: day1 + 2 * HOUR, status: "pending_payment", total: 9999 },
      { i: 4, createdAt: day1 + 3 * HOUR, status: "delivered", currency: "TND", total: 3200 },
      { i: 5, createdAt: day2, status: "refunded", total: 500, email: "lina@example.com" },
      { i: 6, createdAt: day2 + HOUR, status: "awaiting_stock", total: 700, email: "lina.b@example.com" },
    ]);
    const { res, text } = await get("/api/admin/sales.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/filename="sales-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(parse(text)).toEqual([
      ["day", "currency", "orders", "revenue"],
      ["2026-03-01", "TND", "1", "3.200"],
      ["2026-03-01", "USD", "3", "35.50"],
      ["2026-03-02", "USD", "2", "7.00"],
    ]);
    expect(parse((await get("/api/admin/sales.csv?q=lina")).text).slice(1)).toEqual([
      ["2026-03-02", "USD", "2", "7.00"],
    ]);
    expect(parse((await get("/api/admin/sales.csv?status=delivered")).text).slice(1)).toEqual([
      ["2026-03-01", "TND", "1", "3.200"],
      ["2026-03-01", "USD", "1", "10.00"],
    ]);
    // In UTC+14 the evening orders of the first day fall on the next.
    expect(parse((await get("/api/admin/sales.csv?tz=840")).text).slice(1)).toEqual([
      ["2026-03-02", "TND", "1", "3.200"],
      ["2026-03-02", "USD", "3", "35.50"],
      ["2026-03-03", "USD", "2", "7.00"],
    ]);
  });

  it("refuses a bad filter with a 400, and answers 401 without a session", async () => {
    for (const query of ["status=lost", "sort=cheapest", "days=0", "tz=abc"]) {
      expect((await admin.request("GET", `/api/admin/orders.csv?${query}`)).status, query).toBe(400);
      expect((await admin.request("GET", `/api/admin/sales.csv?${query}`)).status, query).toBe(400);
    }
    for (const path of ["/api/admin/orders.csv", "/api/admin/sales.csv"]) {
      const res = await store.app.request(path);
      expect(res.status, path).toBe(401);
      expect(await res.text()).not.toContain("code,date");
    }
  });
});

describe("export helpers", () => {
  it("writes amounts in major units with the currency's decimals", () => {
    expect(majorUnits(1050, "USD")).toBe("10.50");
    expect(majorUnits(5, "EUR")).toBe("0.05");
    expect(majorUnits(32_500, "TND")).toBe("32.500");
    expect(majorUnits(0, "EGP")).toBe("0.00");
    expect(majorUnits(-250, "USD")).toBe("-2.50");
  });

  it("starts a window of days at the start of the operator's day", () => {
    const now = Date.UTC(2026, 2, 10, 15);
    expect(windowStart(1, 0, now)).toBe(Date.UTC(2026, 2, 10));
    expect(windowStart(7, 0, now)).toBe(Date.UTC(2026, 2, 4));
    // UTC+1: the local day began at 23:00 UTC the evening before.
    expect(windowStart(1, 60, now)).toBe(Date.UTC(2026, 2, 9, 23));
  });
});
