/** Builds the app in-process against a real database (integration tests): a SQLite file in a fresh temp
 * directory, or with TEST_DATABASE=postgres a throwaway PostgreSQL database (created per store on the server
 * TEST_POSTGRES_URL names, default postgres://postgres@127.0.0.1:5432/postgres, as a copy of the run's migrated or
 * seeded template when Vitest made them, postgres-templates.ts, and dropped at close). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { afterEach, beforeEach, inject } from "vitest";
import { loadConfig, type Config } from "../config.ts";
import type { DataLayer, Db, Tables } from "../db/data.ts";
import { openDatabase } from "../db/client.ts";
import { createPostgresDatabase } from "./postgres-database.ts";
// For its declaration of what the run provides (inject("postgresTemplates")).
import type {} from "./postgres-templates.ts";
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
  // A test that names its own database (env.DATABASE_URL) creates and drops it itself. The others get a copy of a
  // template the run migrated (and seeded) once (postgres-templates.ts), when the run made them.
  const templates = TEST_ON_POSTGRES ? inject("postgresTemplates") : null;
  const template = options.seed ? templates?.seeded : templates?.migrated;
  const database =
    TEST_ON_POSTGRES && options.env?.DATABASE_URL === undefined
      ? await createPostgresDatabase("store_test", template === undefined ? {} : { template })
      : undefined;
  const seeded = database !== undefined && template !== undefined && options.seed === true;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://store.test",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const data = await openDatabase(config.database);
  if (options.seed && !seeded) await seedDemoCatalog(data, { images: false });
  const services = buildServices({ config, data });
  await services.codes.checkKey();
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
      // Find my order's lookups, then the mail worker: its .eml writer must not write into the data dir while it
      // is being removed.
      await services.orderRecovery.settled();
      await services.mailWorker.stop();
      await data.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** For a describe block (or file) whose every test starts from a fresh store: creates one before each test and
 * hands it to `use` (to set the block's variable), closes it after. */
export function storeForEachTest(
  use: (store: TestStore) => void,
  options: Parameters<typeof createTestStore>[0] = {},
): void {
  let store: TestStore | undefined;
  beforeEach(async () => {
    store = await createTestStore(options);
    use(store);
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
}

/** A second instance of the app on the same database and data directory (its own connection or pool, services
 * and workers' state), as a second server process would be: for multi-instance tests. */
export async function openPeer(
  store: TestStore,
): Promise<{ app: Hono; data: DataLayer; services: Services; close: () => Promise<void> }> {
  const data = await openDatabase(store.config.database);
  const services = buildServices({ config: store.config, data });
  await services.codes.checkKey();
  return {
    app: buildApp({ config: store.config, data }, services),
    data,
    services,
    close: async () => {
      await services.mailWorker.stop();
      await data.close();
    },
  };
}

/** Whether the integration tests run on PostgreSQL (TEST_DATABASE=postgres) instead of SQLite. */
export const TEST_ON_POSTGRES = process.env.TEST_DATABASE === "postgres";

/** JSON request helper for app.request(). */
export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  };
}
