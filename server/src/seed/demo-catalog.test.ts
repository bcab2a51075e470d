import { describe, expect, it } from "vitest";
import { storeForEachTest, type TestStore } from "../test/harness.ts";
import {
  DEMO_CODES_PER_STOCK,
  DEMO_MANUAL_PRODUCTS,
  demoCode,
  demoProducts,
  optionNamedIn,
  seedDemoCatalog,
} from "./demo-catalog.ts";

describe("demo catalog data", () => {
  it("opens every product whose title names one of its options on that option", () => {
    const named = demoProducts().filter(
      (p) =>
        optionNamedIn(
          p.title,
          p.variants.map((v) => v.name),
        ) !== undefined,
    );
    // The three the store ships with options named in their titles, at least.
    expect(named.map((p) => p.id)).toEqual(
      expect.arrayContaining(["spotify-3m", "ps-plus-essential-12", "valorant-1000"]),
    );
    for (const p of named) {
      const first = p.variants.find((v) => v.position === 0);
      expect(first?.name, p.title).toBe(
        optionNamedIn(
          p.title,
          p.variants.map((v) => v.name),
        ),
      );
    }
    expect(demoProducts().find((p) => p.id === "spotify-3m")?.variants[0]).toMatchObject({
      id: "spotify-3m-v2",
      name: "3 months",
    });
    expect(demoProducts().find((p) => p.id === "valorant-1000")?.variants[0]?.name).toBe("1000 VP");
  });

  it("finds an option only as a whole phrase of the title", () => {
    expect(optionNamedIn("PlayStation Plus Essential 12 Months", ["2 months", "12 months"])).toBe("12 months");
    expect(optionNamedIn("Spotify Premium 3 Months", ["1 month", "12 months"])).toBeUndefined();
  });

  it("makes random demo codes plainly marked as such", () => {
    const a = demoCode();
    expect(a).toMatch(/^DEMO-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(demoCode()).not.toBe(a);
  });

  it("keeps a few products on manual delivery", () => {
    const manual = demoProducts().filter((p) => p.deliveryMode === "manual");
    expect(manual.map((p) => p.id).sort()).toEqual([...DEMO_MANUAL_PRODUCTS].sort());
    expect(manual.length).toBeGreaterThanOrEqual(3);
    expect(manual.length).toBeLessThanOrEqual(5);
  });
});

describe("demo seed", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));

  it("seeds an empty catalog once, even when two processes start at the same moment", async () => {
    const results = await Promise.allSettled([
      seedDemoCatalog(store.data, { images: false }),
      seedDemoCatalog(store.data, { images: false }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const seeded = results.flatMap((r) => (r.status === "fulfilled" && r.value ? [r.value] : []));
    expect(seeded).toEqual([{ products: 48, categories: expect.any(Number) as number, codes: 0 }]);
    // Without the code import (server tests, the large-catalog seed) every product stays manual, with no codes.
    expect(await store.services.codes.summary()).toEqual({ automaticProducts: 0, demoCodes: 0 });
    expect(await store.data.read((tx) => store.services.catalogRepo.countProducts(tx))).toBe(48);
  });

  it("gives every automatic product and option demo codes through the import, once; manual ones none", async () => {
    const seeded = await seedDemoCatalog(store.data, { images: false, codes: store.services.codes });
    const products = demoProducts();
    const stocks = products.filter((p) => p.deliveryMode === "automatic").flatMap((p) => p.variants.length || 1);
    expect(seeded?.codes).toBe(stocks.reduce((a, b) => a + b, 0) * DEMO_CODES_PER_STOCK);

    for (const p of products) {
      const stock = await store.services.codes.stock(p.id);
      expect(stock.deliveryMode, p.id).toBe(p.deliveryMode);
      if (p.deliveryMode === "manual") {
        expect(stock.total.available, p.id).toBe(0);
        continue;
      }
      for (const v of stock.variants) expect(v.counts.available, `${p.id} ${v.name ?? ""}`).toBe(DEMO_CODES_PER_STOCK);
    }
    const spotify = await store.services.codes.list("spotify-3m", { limit: "100" });
    expect(spotify.codes).toHaveLength(3 * DEMO_CODES_PER_STOCK);
    // Sealed like any import: the database holds no code in clear.
    const rows = await store.query((db, t) => db.select().from(t.codes));
    expect(rows.every((r) => !r.sealed.includes("DEMO-"))).toBe(true);
    const csv = await store.services.codes.exportCsv("psn-25-us");
    expect(csv.match(/^DEMO-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4},/gm)).toHaveLength(DEMO_CODES_PER_STOCK);
    // Automatic products with codes are in stock.
    const psn = await store.data.read((tx) => store.services.catalogRepo.productById(tx, "psn-25-us"));
    expect(psn?.inStock).toBe(true);

    // The dashboard's count: every demo code, none of the operator's; a revoked or sold demo code no longer counts.
    const automatic = products.filter((p) => p.deliveryMode === "automatic").length;
    expect(await store.services.codes.summary()).toEqual({ automaticProducts: automatic, demoCodes: seeded?.codes });
    await store.services.codes.import("psn-25-us", { text: "REAL-CODE-0001\nREAL-CODE-0002" });
    const psnCodes = await store.services.codes.list("psn-25-us", { limit: "100" });
    const demoIds = psnCodes.codes.map((c) => c.id).slice(2, 5);
    await store.services.codes.revoke("psn-25-us", { codeIds: demoIds });
    expect((await store.services.codes.summary()).demoCodes).toBe((seeded?.codes ?? 0) - 3);

    // A restart seeds nothing more.
    expect(await seedDemoCatalog(store.data, { images: false, codes: store.services.codes })).toBeUndefined();
    expect(await store.query((db, t) => db.select().from(t.codes))).toHaveLength(rows.length + 2);
    expect((await store.services.codes.summary()).demoCodes).toBe((seeded?.codes ?? 0) - 3);
  });
});
