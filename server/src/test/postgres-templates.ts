/** Vitest global setup of the server's tests on PostgreSQL (TEST_DATABASE=postgres): two template databases made once
 * per run, one migrated and one migrated and seeded with the demo catalog (without images), which every test store
 * is then copied from (harness.ts). Copying a database is a fraction of applying every migration to an empty one
 * and seeding it, which every test store did before, once per test in most files. Dropped at the end of the run. */
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { seedDemoCatalog } from "../seed/demo-catalog.ts";
import { createPostgresDatabase } from "./postgres-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The template databases' URLs; null when the tests run on SQLite. */
    postgresTemplates: PostgresTemplates | null;
  }
}

export interface PostgresTemplates {
  migrated: string;
  seeded: string;
}

/** A template made by `fill`: no connection to it is left open, as copying it requires. */
async function template(fill: (url: string) => Promise<void>): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = await createPostgresDatabase("store_template");
  try {
    await fill(database.url);
    return database;
  } catch (err) {
    await database.drop();
    throw err;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE !== "postgres") {
    project.provide("postgresTemplates", null);
    return undefined;
  }
  const open = (url: string) => openDatabase({ engine: "postgres", url });
  const migrated = await template(async (url) => (await open(url)).close());
  const seeded = await template(async (url) => {
    const data = await open(url);
    try {
      await seedDemoCatalog(data, { images: false });
    } finally {
      await data.close();
    }
  });
  project.provide("postgresTemplates", { migrated: migrated.url, seeded: seeded.url });
  return async () => {
    await Promise.all([migrated.drop(), seeded.drop()]);
  };
}
