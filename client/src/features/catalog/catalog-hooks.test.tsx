import "fake-indexeddb/auto";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Banner } from "@store/shared/schemas/catalog";
import { db, META } from "../../local/db.ts";
import { addToCart } from "../cart/cart-store.ts";
import { applySync } from "../../local/apply-sync.ts";
import { category, product, syncResponse } from "../../test/fixtures.ts";
import {
  homeProducts,
  keepFirstSettings,
  primeCatalog,
  readHomeProducts,
  seedCatalog,
  useBanners,
  useCatalogReady,
  useCategories,
  useHomeProducts,
  useProduct,
  useSettings,
} from "./catalog-hooks.ts";

function banner(id: string, position: number): Banner {
  return { id, title: `Banner ${id}`, image: `/b/${id}.webp`, link: "", active: true, position, version: 1 };
}

/** Everything the catalog hooks give the screens, as one string. */
function CatalogView() {
  const view = {
    products: useHomeProducts()?.map((p) => p.id),
    categories: useCategories()?.map((c) => `${c.id}:${c.slug}`),
    banners: useBanners().map((b) => b.id),
    settings: useSettings(),
    ready: useCatalogReady(),
  };
  return <pre>{JSON.stringify(view)}</pre>;
}

describe("seedCatalog", () => {
  it("gives the first page the same catalog the queries read once the answer is stored", async () => {
    const answer = syncResponse({
      version: 3,
      // not in id order, and two categories share a slug (the first by name is kept)
      products: [product("p3"), product("p1", { discountPercent: 10 }), product("p2")],
      categories: [
        category("c2", { name: "Esports", slug: "esports" }),
        category("c1", { name: "Esports", slug: "esports" }),
        category("c3", { name: "Gift cards", slug: "gift-cards" }),
      ],
      banners: [banner("b2", 1), banner("b1", 1), banner("b0", 0)],
      settings: {
        toggles: { showNewsletter: false, showPremium: true, showPromo: true },
        rate: { usdToTnd: 3.3, updatedAt: 1 },
        paymentInstructions: { en: "Pay by D17.", fr: "Payez par D17.", ar: "ادفع عبر D17." },
        manualDeliveryHours: 24,
        maxQtyPerOrder: 10,
      },
    });
    let stored: () => void = () => undefined;
    seedCatalog(answer, new Promise<void>((resolve) => (stored = resolve)));
    const seeded = renderToString(<CatalogView />);
    // The small answer is not a complete copy: the catalog is not "ready" before it is stored.
    expect(seeded).toContain("&quot;ready&quot;:false");
    const One = () => <>{useProduct("p1")?.id}</>;
    expect(renderToString(<One />)).toBe("p1");

    await applySync(db, answer);
    stored();
    await primeCatalog();
    // Once stored, the same screens, the home's products now read through indexes.
    expect(renderToString(<CatalogView />).replace("&quot;ready&quot;:true", "&quot;ready&quot;:false")).toBe(seeded);
  });

  it("keeps the first screen's settings, so the cart caps a line at the store's limit before the catalog is stored", async () => {
    await db.meta.delete(META.settings);
    const settings = (maxQtyPerOrder: number) => ({
      toggles: { showNewsletter: false, showPremium: true, showPromo: true },
      rate: { usdToTnd: 3.3, updatedAt: 1 },
      paymentInstructions: { en: "", fr: "", ar: "" },
      manualDeliveryHours: 24,
      maxQtyPerOrder,
    });
    await keepFirstSettings(syncResponse({ products: [product("p1")], settings: settings(40) }));
    expect((await db.meta.get(META.settings))?.value).toEqual(settings(40));
    await addToCart("p1", 35, undefined, db);
    expect((await db.cart.toArray()).map((line) => line.qty)).toEqual([35]);
    // Settings a sync stored first are newer than a first screen's: kept.
    await applySync(db, syncResponse({ version: 4, settings: settings(60) }));
    await keepFirstSettings(syncResponse({ products: [product("p1")], settings: settings(40) }));
    expect((await db.meta.get(META.settings))?.value).toEqual(settings(60));
    await db.cart.clear();
  });

  it("reads the home sections' products through indexes exactly as the sections pick them from every product", async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      product(`q${String(i).padStart(2, "0")}`, {
        // Many ties on each key, so the tie-breakers decide.
        discountPercent: i % 3 === 0 ? 10 * (i % 4) : 0,
        createdAt: 1000 + (i % 7),
        sales: i % 5,
        inStock: i % 6 !== 0,
      }),
    );
    await applySync(db, syncResponse({ version: 9, products: many }));
    expect((await readHomeProducts()).map((p) => p.id)).toEqual(homeProducts(many).map((p) => p.id));
  });
});
