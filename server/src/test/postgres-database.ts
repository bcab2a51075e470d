/** Throwaway PostgreSQL databases for tests and benchmarks: created on the server TEST_POSTGRES_URL names
 * (default postgres://postgres@127.0.0.1:5432/postgres), dropped when done. */
import pg from "pg";
import { secureRandomBytes } from "../lib/random.ts";

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A new empty database, and how to drop it (closing its connections). With `template` (a database's URL), a copy
 * of that database as it is at this moment, e.g. a read replica that then stops following it: no connection to
 * the template may be open meanwhile (PostgreSQL waits a few seconds for the last ones to close). */
export async function createPostgresDatabase(
  prefix = "store_test",
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${secureRandomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const template = options.template === undefined ? "" : ` TEMPLATE "${new URL(options.template).pathname.slice(1)}"`;
  await admin(`CREATE DATABASE "${name}"${template}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
