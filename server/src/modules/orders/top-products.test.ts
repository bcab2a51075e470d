import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ne, sql } from "drizzle-orm";
import { REVENUE_STATUSES, type OrderStatus } from "@store/shared/schemas/orders";
import { storeForEachTest, type TestStore } from "../../test/harness.ts";
import { insertOrder } from "../../test/orders.ts";
import { OrdersRepo, type NewOrderValues } from "./orders.repo.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.UTC(2026, 2, 1);

/** The moves the orders service makes, with the states each one starts from. */
const MOVES: { from: OrderStatus[]; to: OrderStatus }[] = [
  { from: ["pending_payment", "expired"], to: "paid" },
  { from: ["paid"], to: "awaiting_stock" },
  { from: ["paid", "awaiting_stock"], to: "delivered" },
  { from: ["pending_payment", "awaiting_stock"], to: "cancelled" },
  { from: ["paid", "awaiting_stock", "delivered"], to: "refunded" },
  { from: ["pending_payment"], to: "expired" },
];

/** A fixed pseudo-random sequence, so a failure replays. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function order(id: string, createdAt: number, status: OrderStatus): NewOrderValues {
  return {
    id,
    code: `PNR-${id.toUpperCase()}`,
    status,
    customerName: "Top",
    customerEmail: "top@example.com",
    customerWhatsapp: "+21620000000",
    notes: "",
    locale: "en",
    currency: "USD",
    rate: "1",
    subtotal: 100,
    discount: 0,
    total: 100,
    promoCode: null,
    promoPercent: 0,
    paymentProvider: "manual",
    paymentLink: null,
    accessTokenHash: `hash-${id}`,
    accessTokenSealed: null,
    clientAddress: null,
    expiresAt: null,
    createdAt,
    updatedAt: createdAt,
  };
}

const line = (productId: string, qty: number, title = `Title of ${productId}`) => ({
  productId,
  variantId: null,
  title,
  variantName: null,
  qty,
  unitPrice: 100,
  lineTotal: 100 * qty,
});

/** The top products counted the plain way: every line of every order of the window in a revenue state. */
async function countedPlainly(store: TestStore, from: number, to: number, limit: number) {
  const orders = await store.query((db, t) => db.select().from(t.orders));
  const lines = await store.query((db, t) => db.select().from(t.orderLines));
  const counted = new Set(
    orders
      .filter((o) => o.createdAt >= from && o.createdAt < to)
      .filter((o) => (REVENUE_STATUSES as readonly string[]).includes(o.status))
      .map((o) => o.id),
  );
  const byProduct = new Map<string, { id: string; units: number; orders: number }>();
  for (const l of lines) {
    if (!counted.has(l.orderId)) continue;
    const p = byProduct.get(l.productId) ?? { id: l.productId, units: 0, orders: 0 };
    p.units += l.qty;
    p.orders += 1;
    byProduct.set(l.productId, p);
  }
  return [...byProduct.values()]
    .sort((a, b) => b.units - a.units || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit)
    .map((p) => ({ ...p, title: `Title of ${p.id}` }));
}

/** The statement of migration 0012 that counts the orders already in the revenue states. */
function migration0012Backfill(engine: "sqlite" | "postgres"): string {
  const folder = new URL(engine === "postgres" ? "../../db/migrations-pg" : "../../db/migrations", import.meta.url)
    .pathname;
  const file = fs.readdirSync(folder).find((f) => f.startsWith("0012_"));
  if (!file) throw new Error(`no migration 0012 in ${folder}`);
  const statement = fs
    .readFileSync(path.join(folder, file), "utf8")
    .split("--> statement-breakpoint")
    .find((s) => s.includes("INSERT INTO"));
  if (!statement) throw new Error(`${file} has no INSERT`);
  return statement;
}

describe("top products from the sales per day", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));
  const repo = () => new OrdersRepo(store.data.engine);

  it("count every order that enters or leaves the revenue states, for any window and time zone", async () => {
    const next = random(17);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const products = Array.from({ length: 9 }, (_, i) => `p${i}`);
    const ids: string[] = [];
    // 120 orders over 6 days at any minute, some of them placed paid (a free order, say) and with several lines.
    await store.data.transaction(async (tx) => {
      for (let i = 0; i < 120; i++) {
        const id = `o${i}`;
        const at = START + Math.floor(next() * 6 * DAY);
        const status = next() < 0.15 ? "delivered" : "pending_payment";
        const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
          line(pick(products), 1 + Math.floor(next() * 4)),
        );
        await insertOrder(repo(), tx, order(id, at, status), lines);
        ids.push(id);
      }
    });
    // 400 moves, each in its own transaction as the service makes them (most refused: not in their `from`).
    for (let k = 0; k < 400; k++) {
      const move = pick(MOVES);
      const code = `PNR-${pick(ids).toUpperCase()}`;
      await store.data.transaction((tx) => repo().transition(tx, code, move.from, move.to, START + 7 * DAY));
    }
    const statuses = new Set((await store.query((db, t) => db.select().from(t.orders))).map((o) => o.status));
    expect(statuses.size).toBeGreaterThanOrEqual(5);

    // Windows of whole and part days, cut at any quarter hour (every time zone), and windows shorter than a day.
    const windows: [number, number][] = [
      [START - DAY, START + 8 * DAY],
      [START + 2 * HOUR, START + 2 * HOUR + 20 * 60_000],
    ];
    for (let w = 0; w < 40; w++) {
      const from = START - DAY + Math.floor(next() * 8 * 96) * 15 * 60_000;
      windows.push([from, from + Math.floor(next() * 5 * 96) * 15 * 60_000 + 1]);
    }
    for (const [from, to] of windows) {
      const top = await store.data.read((tx) => repo().topProducts(tx, from, to, 5));
      expect(top, `${new Date(from).toISOString()} .. ${new Date(to).toISOString()}`).toEqual(
        await countedPlainly(store, from, to, 5),
      );
    }

    // Migration 0012 counts the orders already there as the repo counted them move by move.
    const kept = () =>
      store.query((db, t) =>
        db.select().from(t.productSalesDays).where(ne(t.productSalesDays.units, 0)).orderBy(t.productSalesDays.day),
      );
    const byRepo = await kept();
    expect(byRepo.length).toBeGreaterThan(10);
    await store.query((db, t) => db.delete(t.productSalesDays).returning());
    await store.query(async (db) => {
      const backfill = sql.raw(migration0012Backfill(store.data.engine));
      if (store.data.engine === "postgres") await db.execute(backfill);
      else (db as unknown as { run: (query: typeof backfill) => unknown }).run(backfill);
    });
    const sortRows = (rows: typeof byRepo) =>
      [...rows].sort((a, b) => a.day - b.day || a.productId.localeCompare(b.productId));
    expect(sortRows(await kept())).toEqual(sortRows(byRepo));
  });

  it("name a product by its title on the last order counted, and leave out one whose sales were refunded", async () => {
    await store.data.transaction(async (tx) => {
      await insertOrder(repo(), tx, order("a", START + 1 * HOUR, "pending_payment"), [line("game", 1, "Old title")]);
      await insertOrder(repo(), tx, order("b", START + DAY + HOUR, "pending_payment"), [line("game", 2, "New title")]);
      await insertOrder(repo(), tx, order("c", START + 2 * HOUR, "pending_payment"), [line("card", 5, "Gift card")]);
    });
    for (const code of ["PNR-A", "PNR-B", "PNR-C"]) {
      await store.data.transaction((tx) => repo().transition(tx, code, ["pending_payment"], "paid", START + 3 * DAY));
    }
    const top = () => store.data.read((tx) => repo().topProducts(tx, START, START + 3 * DAY, 5));
    expect(await top()).toEqual([
      { id: "card", title: "Gift card", units: 5, orders: 1 },
      { id: "game", title: "New title", units: 3, orders: 2 },
    ]);
    await store.data.transaction((tx) => repo().transition(tx, "PNR-C", ["paid"], "refunded", START + 3 * DAY));
    expect(await top()).toEqual([{ id: "game", title: "New title", units: 3, orders: 2 }]);
  });
});
