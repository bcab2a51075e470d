/** Process entry: read config, open the database (migrating it), seed on first start, listen, shut down gracefully. */
import net from "node:net";
import { serve } from "@hono/node-server";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { buildApp, buildServices } from "./app.ts";
import { seedDemoCatalog } from "./seed/demo-catalog.ts";
import { startBackground } from "./background.ts";
import { ensurePrivateDir } from "./lib/private-files.ts";

/** A configuration or database the server cannot use stops it at start, with the reason on one line. */
function stop(err: unknown): never {
  console.error(`Cannot start the store: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return stop(err);
  }
})();
/** A port another process holds (most often the store started twice) is said in words, not as a stack trace. */
function portInUse(port: number): Error {
  return new Error(
    `port ${port} is in use (is the store already running?). Stop the other process, or start on another port: PORT=${port + 1} bash scripts/start.sh`,
  );
}

/** Whether the port can be listened on, asked before anything is written: a second start of a store stops here,
 * before it seeds or creates the first admin, whose password it would print once, to a console nobody reads
 * once the start has failed. */
function probePort(port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", resolve);
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
}
const taken = await probePort(config.port, config.host);
if (taken) stop(taken.code === "EADDRINUSE" ? portInUse(config.port) : taken);

// DATA_DIR holds the database, mails and uploads: owner-only (fixed at every start).
try {
  ensurePrivateDir(config.dataDir);
} catch (err) {
  stop(err);
}
const data = await openDatabase(config.database, { backgroundCheckpoints: true }).catch(stop);

const services = buildServices({ config, data });
await services.codes.checkKey().catch(stop);

const seedWanted = config.seedDemo === "yes" || (config.seedDemo === "auto" && config.env !== "test");
if (seedWanted) {
  const seeded = await seedDemoCatalog(data, { codes: services.codes });
  if (seeded)
    console.log(
      `Seeded the demo catalog (${seeded.products} products, ${seeded.categories} categories, ${seeded.codes} demo codes).`,
    );
}
const app = buildApp({ config, data }, services);
const stopBackground = await startBackground({ config, data }, services);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Store running on http://localhost:${info.port} (data in ${config.dataDir})`);
});
// Taken since the probe at start (another process was quicker).
server.once("error", (err: NodeJS.ErrnoException) => stop(err.code === "EADDRINUSE" ? portInUse(config.port) : err));

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down...`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(() => {
    void stopBackground()
      .finally(() => data.close())
      .finally(() => process.exit(0));
  });
}
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
