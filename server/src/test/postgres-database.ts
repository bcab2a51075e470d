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

/** Runs `work` on a connection of its own to the database `url` names. */
export async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A catalog edit in one transaction on the database `url` names, as another instance (or replication, replayed on
 * a replica) would commit it: the version bumped, one product retitled and stamped with it; the new version.
 * Unannounced, the notice is left out (the trigger off inside the transaction), as for an edit whose notice has not
 * reached an instance yet. */
export function editCatalog(url: string, productId: string, title: string, announced: boolean): Promise<number> {
  return onDatabase(url, async (c) => {
    await c.query("BEGIN");
    if (!announced) await c.query("ALTER TABLE catalog_state DISABLE TRIGGER catalog_state_changed");
    const { rows } = await c.query<{ rev: number }>(
      "UPDATE catalog_state SET rev = rev + 1 WHERE id = 1 RETURNING rev",
    );
    const rev = rows[0]?.rev;
    if (rev === undefined) throw new Error("no catalog version");
    await c.query("UPDATE products SET title = $1, rev = $2 WHERE id = $3", [title, rev, productId]);
    if (!announced) await c.query("ALTER TABLE catalog_state ENABLE TRIGGER catalog_state_changed");
    await c.query("COMMIT");
    return rev;
  });
}

/** Makes `database` refuse connections (and closes the open ones), or take them again, through a connection to
 * `adminUrl` (another database of the same server): a replica that is down, then back. */
export async function allowConnections(adminUrl: string, database: string, allow: boolean): Promise<void> {
  await onDatabase(adminUrl, async (c) => {
    await c.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS ${allow}`);
    if (!allow) await c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [database]);
  });
}

/** Closes one server process's connection (pg_terminate_backend, as an administrator or a server restart would)
 * through a connection to `adminUrl`, and returns once that process has exited: its client hears the connection
 * close moments later, between statements rather than in answer to one. */
export async function terminateBackend(adminUrl: string, pid: number): Promise<void> {
  await onDatabase(adminUrl, async (c) => {
    await c.query("SELECT pg_terminate_backend($1)", [pid]);
    for (let tries = 0; tries < 500; tries++) {
      const { rowCount } = await c.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid]);
      if (rowCount === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`PostgreSQL process ${pid} did not exit`);
  });
  // The close on its way to this process's client.
  await new Promise((resolve) => setTimeout(resolve, 100));
}
