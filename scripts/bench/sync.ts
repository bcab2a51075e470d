/** Wire size of the catalog sync: a full sync of 1,000 products (gzip) and an unchanged sync. */
import { createTestStore } from "../../server/src/test/harness.ts";
import { CatalogAdminRepo } from "../../server/src/modules/catalog/catalog.admin.repo.ts";
import { report } from "./serve.ts";

const store = await createTestStore({ seed: true });
try {
  const repo = store.services.catalogRepo;
  const admin = new CatalogAdminRepo();
  const countProducts = () => store.data.read((tx) => repo.countProducts(tx));
  const existing = await countProducts();
  const platforms = ["PC", "PS", "Xbox", "Switch", "Mobile"];
  const regions = ["Global", "EU", "US"];
  await store.data.transaction(async (tx) => {
    const rev = await repo.bumpRev(tx);
    for (let i = existing; i < 1000; i++) {
      const t = Date.UTC(2026, 0, 1) + i * 60_000;
      await admin.insertProduct(tx, {
        id: `bench-${i}`,
        title: `Bench Product ${i} ${platforms[i % 5]} Gift Card ${10 + (i % 9) * 5} (${regions[i % 3]})`,
        description: `A ${platforms[i % 5]} digital code worth ${10 + (i % 9) * 5} dollars for ${regions[i % 3]} accounts, delivered instantly by email after payment. Redeem it in the store of your console or launcher.`,
        image: `/uploads/demo/bench-${i % 48}.webp`,
        priceUsd: 500 + ((i * 137) % 9500),
        discountPercent: i % 4 === 0 ? (i * 7) % 60 : 0,
        tagline: i % 3 === 0 ? "Instant delivery" : "",
        platform: platforms[i % 5] ?? "PC",
        region: regions[i % 3] ?? "Global",
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
  const full = await store.app.request("/api/sync", { headers: { "Accept-Encoding": "gzip" } });
  const fullBytes = (await full.arrayBuffer()).byteLength;
  const rawBytes = JSON.stringify(await (await store.app.request("/api/sync")).json()).length;
  const version = await store.data.read((tx) => repo.currentRev(tx));
  const same = await store.app.request(`/api/sync?since=${version}`, { headers: { "Accept-Encoding": "gzip" } });
  const sameBytes = (await same.arrayBuffer()).byteLength;
  report("sync", {
    products: await countProducts(),
    fullSyncGzipKB: +(fullBytes / 1024).toFixed(1),
    fullSyncRawKB: +(rawBytes / 1024).toFixed(1),
    fullEncoding: full.headers.get("Content-Encoding"),
    unchangedSyncBytes: sameBytes,
    budgetFullKB: 150,
    budgetUnchangedBytes: 1024,
  });
} finally {
  await store.close();
}
