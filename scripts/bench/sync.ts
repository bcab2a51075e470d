/** Wire size of the catalog sync: a full sync of 1,000 products (gzip) and an unchanged sync. */
import { createTestStore } from "../../server/src/test/harness.ts";
import { growCatalog } from "./bench-catalog.ts";
import { report } from "./serve.ts";

const store = await createTestStore({ seed: true });
try {
  const repo = store.services.catalogRepo;
  const products = await growCatalog(store.data, 1000);
  const full = await store.app.request("/api/sync", { headers: { "Accept-Encoding": "gzip" } });
  const fullBytes = (await full.arrayBuffer()).byteLength;
  const rawBytes = JSON.stringify(await (await store.app.request("/api/sync")).json()).length;
  const version = await store.data.read((tx) => repo.currentRev(tx));
  const same = await store.app.request(`/api/sync?since=${version}`, { headers: { "Accept-Encoding": "gzip" } });
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
