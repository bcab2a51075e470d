/** Wire size of the catalog sync: a full sync of 1,000 products (gzip) and an unchanged sync. */
import { syncUrl } from "../../client/src/api/sync.ts";
import { createTestStore } from "../../server/src/test/harness.ts";
import { growCatalog } from "./bench-catalog.ts";
import { report } from "./serve.ts";
import { CatalogVersions } from "../../server/src/modules/catalog/catalog-versions.repo.ts";

const store = await createTestStore({ seed: true });
try {
  const versions = new CatalogVersions();
  const products = await growCatalog(store.data, 1000);
  // Asked as the storefront asks (compact products, shared/src/compact-sync.ts): one page holds the 1,000 products.
  const url = (since: number) => syncUrl(since, null);
  const full = await store.app.request(url(0), { headers: { "Accept-Encoding": "gzip" } });
  const fullBytes = (await full.arrayBuffer()).byteLength;
  const rawBytes = (await (await store.app.request(url(0))).text()).length;
  const version = await store.data.read((tx) => versions.currentRev(tx));
  const same = await store.app.request(url(version), { headers: { "Accept-Encoding": "gzip" } });
  const sameBytes = (await same.arrayBuffer()).byteLength;
  report("sync", {
    products,
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
