import "fake-indexeddb/auto";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Banner } from "@store/shared/schemas/catalog";
import { db } from "../../local/db.ts";
import { applySync } from "../../local/apply-sync.ts";
import { category, product, syncResponse } from "../../test/fixtures.ts";
import {
  primeCatalog,
  seedCatalog,
  useBanners,
  useCatalogReady,
  useCategories,
  useProducts,
  useSettings,
} from "./catalog-hooks.ts";

function banner(id: string, position: number): Banner {
  return { id, title: `Banner ${id}`, image: `/b/${id}.webp`, link: "", active: true, position, version: 1 };
}

/** Everything the catalog hooks give the screens, as one string. */
function CatalogView() {
  const view = {
    products: useProducts()?.map((p) => p.id),
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
      },
    });
    seedCatalog(answer, new Promise(() => undefined));
    const seeded = renderToString(<CatalogView />);
    expect(seeded).toContain("&quot;ready&quot;:true");

    await applySync(db, answer);
    await primeCatalog();
    expect(renderToString(<CatalogView />)).toBe(seeded);
  });
});
