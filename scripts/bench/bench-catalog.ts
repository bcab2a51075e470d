/** Grows a store's catalog to `count` products for a benchmark: plausible gift-card products written in one
 * transaction with one catalog revision, as an import would, on whichever engine `data` is. */
import type { DataLayer } from "../../server/src/db/data.ts";
import { CatalogRepo } from "../../server/src/modules/catalog/catalog.repo.ts";
import { CatalogVersions } from "../../server/src/modules/catalog/catalog-versions.repo.ts";

const PLATFORMS = ["PC", "PS", "Xbox", "Switch", "Mobile"];
const REGIONS = ["Global", "EU", "US"];

/** Adds products until the catalog holds `count`; answers how many it holds. */
export async function growCatalog(data: DataLayer, count: number): Promise<number> {
  const versions = new CatalogVersions();
  const repo = new CatalogRepo(versions);
  const existing = await data.read((tx) => repo.countProducts(tx));
  // The demo products' images (served by the store), so the grown catalog's cards show real pictures.
  const demo = await data.read((tx) => repo.productsPage(tx, 0, null, 100));
  const images = [...new Set(demo.products.map((p) => p.image).filter((image) => image !== ""))];
  await data.transaction(async (tx) => {
    const rev = await versions.bumpRev(tx);
    for (let i = existing; i < count; i++) {
      const t = Date.UTC(2026, 0, 1) + i * 60_000;
      const platform = PLATFORMS[i % 5] ?? "PC";
      const region = REGIONS[i % 3] ?? "Global";
      await repo.insertProduct(tx, {
        id: `bench-${i}`,
        title: `Bench Product ${i} ${platform} Gift Card ${10 + (i % 9) * 5} (${region})`,
        description: `A ${platform} digital code worth ${10 + (i % 9) * 5} dollars for ${region} accounts, delivered instantly by email after payment. Redeem it in the store of your console or launcher.`,
        image: images[i % Math.max(1, images.length)] ?? "",
        priceUsd: 500 + ((i * 137) % 9500),
        discountPercent: i % 4 === 0 ? (i * 7) % 60 : 0,
        tagline: i % 3 === 0 ? "Instant delivery" : "",
        platform,
        region,
        delivery: "Email",
        sku: `BENCH-${i}`,
        categoryId: "cat-gift-cards",
        sales: (i * 31) % 500,
        rev,
        createdAt: t,
        updatedAt: t,
      });
    }
  });
  return data.read((tx) => repo.countProducts(tx));
}
