/** The server tests' global setup on PostgreSQL (TEST_DATABASE=postgres): one database migrated once per run, which
 * every test store's database is then copied from (createPostgresDatabase's `template`). A fresh database per test
 * stays the rule; what is shared is the migrations' work, which a test store would otherwise repeat every time. */
import type { TestProject } from "vitest/node";
import { openPostgres } from "../db/postgres.ts";
import { createPostgresDatabase } from "./postgres-database.ts";
import type {} from "./harness.ts";

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE !== "postgres") {
    project.provide("postgresTemplate", null);
    return undefined;
  }
  const template = await createPostgresDatabase("store_template", { throwaway: true });
  try {
    // Opening the database applies the migrations; closed again, as a template may have no connection while copied.
    const data = await openPostgres(template.url);
    await data.close();
  } catch (err) {
    await template.drop();
    throw err;
  }
  project.provide("postgresTemplate", template.url);
  return () => template.drop();
}
