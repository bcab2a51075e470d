/** Process entry: read config, open the database (migrating it), seed on first start, listen, shut down gracefully. */
import { serve } from "@hono/node-server";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { buildApp, buildServices } from "./app.ts";
import { seedDemoCatalog } from "./db/seed/demo-catalog.ts";
import { startBackground } from "./background.ts";

const config = loadConfig();
const { db, close } = openDatabase(config.databaseFile, { backgroundCheckpoints: true });

const seedWanted = config.seedDemo === "yes" || (config.seedDemo === "auto" && config.env !== "test");
if (seedWanted) {
  const seeded = await seedDemoCatalog(db, config.dataDir);
  if (seeded) console.log(`Seeded the demo catalog (${seeded.products} products, ${seeded.categories} categories).`);
}

const services = buildServices({ config, db });
const app = buildApp({ config, db }, services);
const stopBackground = await startBackground({ config, db }, services);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Store running on http://localhost:${info.port} (data in ${config.dataDir})`);
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down...`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(() => {
    void stopBackground().finally(() => {
      close();
      process.exit(0);
    });
  });
}
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
