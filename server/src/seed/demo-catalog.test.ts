import { describe, expect, it } from "vitest";
import { CATALOG_LANGS, type CatalogLang } from "@store/shared/catalog-translations";
import { storeForEachTest, type TestStore } from "../test/harness.ts";
import { syncDelta } from "../test/sync.ts";
import {
  DEMO_CODES_PER_STOCK,
  DEMO_MANUAL_PRODUCTS,
  demoBannerTitles,
  demoCategoryNames,
  demoCode,
  demoProducts,
  optionNamedIn,
  seedDemoCatalog,
} from "./demo-catalog.ts";
import { DEMO_BANNER_TEXTS, DEMO_CATEGORY_TEXTS, DEMO_PRODUCT_TEXTS } from "./demo-translations.ts";
import { CatalogRepo } from "../modules/catalog/catalog.repo.ts";
import { CatalogVersions } from "../modules/catalog/catalog-versions.repo.ts";

const ARABIC_LETTER = /\p{Script=Arabic}/u;

/** French sets a space before these marks; a brand name keeps its own spelling. */
function frenchTypographyFaults(text: string): string[] {
  return text.replace("Mobile Legends: Bang Bang", "").match(/\S[:;!?]/g) ?? [];
}

/** What is wrong with one translated text of `english` in `lang`, if anything. */
function faultsOf(lang: CatalogLang, text: string | undefined, english: string, sameInFrench = false): string[] {
  if (text === undefined || text.trim() === "") return ["missing"];
  const faults: string[] = [];
  if (text !== text.trim()) faults.push("spaces around");
  if (lang === "ar" && !ARABIC_LETTER.test(text)) faults.push("no Arabic letter");
  if (lang === "fr" && text === english && !sameInFrench) faults.push("same as English");
  if (lang === "fr") faults.push(...frenchTypographyFaults(text).map((f) => `no space before "${f.slice(1)}"`));
  return faults;
}

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

describe("demo catalog translations", () => {
  it("gives every product a French and an Arabic description, and a tagline where the English one has one", () => {
    const products = demoProducts();
    expect(Object.keys(DEMO_PRODUCT_TEXTS).sort()).toEqual(products.map((p) => p.id).sort());
    const faults: string[] = [];
    for (const p of products) {
      for (const lang of CATALOG_LANGS) {
        const texts = DEMO_PRODUCT_TEXTS[p.id]?.[lang];
        for (const f of faultsOf(lang, texts?.description, p.description))
          faults.push(`${p.id} ${lang} description: ${f}`);
        // A card without a tagline shows the interface's "Instant delivery", already in every language.
        if (p.tagline === "") {
          if (texts?.tagline !== undefined) faults.push(`${p.id} ${lang} tagline: none in English`);
        } else for (const f of faultsOf(lang, texts?.tagline, p.tagline)) faults.push(`${p.id} ${lang} tagline: ${f}`);
      }
    }
    expect(faults).toEqual([]);
  });

  it("names every category and titles every banner in French and Arabic", () => {
    // French writes these as English does (as the storefront's own home tiles name them).
    const sameInFrench = new Set(["Console", "PC"]);
    expect(Object.keys(DEMO_CATEGORY_TEXTS).sort()).toEqual(demoCategoryNames().sort());
    expect(Object.keys(DEMO_BANNER_TEXTS).sort()).toEqual(demoBannerTitles().sort());
    const faults: string[] = [];
    for (const lang of CATALOG_LANGS) {
      for (const name of demoCategoryNames()) {
        const text = DEMO_CATEGORY_TEXTS[name]?.[lang].name;
        for (const f of faultsOf(lang, text, name, sameInFrench.has(name))) faults.push(`${name} ${lang}: ${f}`);
      }
      for (const title of demoBannerTitles()) {
        for (const f of faultsOf(lang, DEMO_BANNER_TEXTS[title]?.[lang].title, title))
          faults.push(`${title} ${lang}: ${f}`);
      }
    }
    expect(faults).toEqual([]);
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
    expect(await store.data.read((tx) => new CatalogRepo(new CatalogVersions()).countProducts(tx))).toBe(48);
  });

  it("writes the French and Arabic texts with the catalog, as the storefront receives them", async () => {
    await seedDemoCatalog(store.data, { images: false });
    const synced = await syncDelta(store, 0);
    expect(synced.next).toBeNull();
    expect(synced.products).toHaveLength(48);
    for (const p of synced.products) expect(p.translations, p.id).toEqual(DEMO_PRODUCT_TEXTS[p.id]);
    expect(synced.categories).toHaveLength(demoCategoryNames().length);
    for (const c of synced.categories) expect(c.translations, c.name).toEqual(DEMO_CATEGORY_TEXTS[c.name]);
    expect(synced.banners).toHaveLength(demoBannerTitles().length);
    for (const b of synced.banners) expect(b.translations, b.title).toEqual(DEMO_BANNER_TEXTS[b.title]);
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
    const psn = await store.data.read((tx) => new CatalogRepo(new CatalogVersions()).productById(tx, "psn-25-us"));
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
