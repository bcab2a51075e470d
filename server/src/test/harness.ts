/** Builds the app in-process against a real SQLite file in a fresh temp directory (integration tests). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { loadConfig, type Config } from "../config.ts";
import type { DataLayer, Db, Tables } from "../db/data.ts";
import { openSqlite } from "../db/sqlite.ts";
import { buildApp, buildServices, type Services } from "../app.ts";
import { seedDemoCatalog } from "../seed/demo-catalog.ts";
import { setPasswordCostForTests } from "../modules/admin-auth/password.ts";

// scrypt at the production cost takes most of a second here; tests sign in often (password.test.ts checks the real cost).
setPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 });

export interface TestStore {
  app: Hono;
  data: DataLayer;
  /** A test's own statement, in a transaction: `await store.query((db, t) => db.select().from(t.orders))`. */
  query<T>(statement: (db: Db, t: Tables) => PromiseLike<T>): Promise<T>;
  config: Config;
  services: Services;
  dataDir: string;
  close: () => Promise<void>;
}

export async function createTestStore(
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TestStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://store.test", ...options.env });
  if (config.database.engine !== "sqlite") throw new Error("The test harness runs on SQLite");
  const data = openSqlite(config.database.file);
  if (options.seed) await seedDemoCatalog(data, dataDir, { images: false });
  const services = buildServices({ config, data });
  const app = buildApp({ config, data }, services);
  // The first admin, as at start-up (background.ts), when the test gives credentials.
  if (config.adminUsername !== undefined || config.adminPassword !== undefined)
    await services.adminAuth.ensureFirstAdmin(() => undefined);
  return {
    app,
    data,
    query: (statement) => data.transaction(async (tx) => statement(tx.db, tx.t)),
    config,
    services,
    dataDir,
    close: async () => {
      await data.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON request helper for app.request(). */
export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  };
}
