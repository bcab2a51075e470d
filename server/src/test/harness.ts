/** Builds the app in-process against a real SQLite file in a fresh temp directory (integration tests). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { loadConfig, type Config } from "../config.ts";
import { openDatabase, type Db } from "../db/client.ts";
import { buildApp, buildServices, type Services } from "../app.ts";
import { seedDemoCatalog } from "../db/seed/demo-catalog.ts";
import { setPasswordCostForTests } from "../modules/admin-auth/password.ts";

// scrypt at the production cost takes most of a second here; tests sign in often (password.test.ts checks the real cost).
setPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 });

export interface TestStore {
  app: Hono;
  db: Db;
  config: Config;
  services: Services;
  dataDir: string;
  close: () => void;
}

export async function createTestStore(
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TestStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://store.test", ...options.env });
  const { db, close } = openDatabase(config.databaseFile);
  if (options.seed) await seedDemoCatalog(db, dataDir, { images: false });
  const services = buildServices({ config, db });
  const app = buildApp({ config, db }, services);
  // The first admin, as at start-up (background.ts), when the test gives credentials.
  if (config.adminUsername !== undefined || config.adminPassword !== undefined)
    await services.adminAuth.ensureFirstAdmin(() => undefined);
  return {
    app,
    db,
    config,
    services,
    dataDir,
    close: () => {
      close();
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
