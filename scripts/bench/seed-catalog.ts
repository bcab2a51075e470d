/** Seeds a store's data dir with the demo catalog grown to N products, for the large-catalog bench and e2e:
 * `tsx scripts/bench/seed-catalog.ts <data dir> <products>`. The store started on that dir then serves it. */
import fs from "node:fs";
import { openDatabase } from "../../server/src/db/client.ts";
import { loadConfig } from "../../server/src/config.ts";
import { seedDemoCatalog } from "../../server/src/seed/demo-catalog.ts";
import { growCatalog } from "./bench-catalog.ts";

export async function seedLargeCatalog(dataDir: string, products: number): Promise<number> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { DATABASE_URL: _elsewhere, ...env } = process.env;
  const config = loadConfig({ ...env, NODE_ENV: "production", DATA_DIR: dataDir });
  const data = await openDatabase(config.database);
  try {
    await seedDemoCatalog(data);
    return await growCatalog(data, products);
  } finally {
    await data.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dataDir, count] = process.argv.slice(2);
  if (!dataDir || !count) throw new Error("usage: seed-catalog.ts <data dir> <products>");
  const started = Date.now();
  const held = await seedLargeCatalog(dataDir, Number(count));
  console.log(`seeded ${dataDir}: ${held} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
