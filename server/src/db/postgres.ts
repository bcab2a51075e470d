/** The PostgreSQL engine (node-postgres): a pool of connections, one per open transaction. Write transactions
 * run at READ COMMITTED (row locks order conflicting writers: an UPDATE waits for the row, then sees its latest
 * version); reads run in one REPEATABLE READ, READ ONLY snapshot, so several reads (the catalog sync's version
 * and changes) agree with each other. As on SQLite, a transaction opened inside another (same async context)
 * becomes a savepoint of it. */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import type { DataLayer, Db, Guarded, Tables, Tx } from "./data.ts";
import * as schema from "./schema/index.ts";
import { TxState } from "./transactions.ts";

/** One transaction, or one savepoint inside it, on a pooled connection. */
export class PgTx extends TxState implements Tx {
  constructor(
    private readonly handle: Db,
    readonly depth: number,
  ) {
    super();
  }

  get db(): Db {
    this.check();
    return this.handle;
  }

  get t(): Tables {
    return schema;
  }

  /** The pooled connection drizzle's handle runs its statements on (its session's client; the pool itself for a
   * handle outside any transaction). drizzle has no public accessor for it. */
  get connection(): object {
    const client = (this.handle as unknown as { session?: { client?: unknown } }).session?.client;
    return typeof client === "object" && client !== null ? client : this.handle;
  }

  /** Runs `work` in a savepoint of this transaction (one at a time). */
  async savepoint<T>(work: (handle: Db) => Promise<T>): Promise<T> {
    this.enter();
    try {
      return await this.handle.transaction((sp) => work(sp));
    } finally {
      this.leave();
    }
  }
}

const WRITE: PgTransactionConfig = { isolationLevel: "read committed" };
const READ: PgTransactionConfig = { isolationLevel: "repeatable read", accessMode: "read only" };

/** Any constant shared by every instance: the one that holds it migrates, the others wait. */
const MIGRATION_LOCK = 7_130_013;

function migrationsFolder(): string {
  // Bundled builds copy migrations next to main.js; source runs read them beside this file.
  const bundled = path.join(path.dirname(new URL(import.meta.url).pathname), "migrations-pg");
  if (fs.existsSync(path.join(bundled, "meta"))) return bundled;
  return new URL("./migrations-pg", import.meta.url).pathname;
}

/** The channel migration 0014's trigger announces every change of catalog_state on, at its commit. */
const CATALOG_CHANNEL = "store_catalog";
/** How long a change stamp lasts at most, whatever the listener hears: a connection that died without a word
 * (a firewall dropping it) cannot keep an instance on an old catalog for longer. */
const STAMP_MAX_AGE_MS = 1_000;
/** The wait before the listener connects again after losing its connection. */
const LISTEN_RETRY_MS = 1_000;

/** Hears the catalog's version change on any instance: a connection of its own LISTENs on CATALOG_CHANNEL and
 * counts the notices. stamp() is null while it is not listening (connecting, or connecting again after a lost
 * connection, when it may have missed notices): every read then goes to the database. */
export class CatalogChanges {
  private notices = 0;
  private live = false;
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly url: string) {}

  stamp(): string | null {
    return this.live ? String(this.notices) : null;
  }

  async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    this.client = client;
    client.on("notification", () => this.notices++);
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch (err) {
      this.lost(client, err instanceof Error ? err : undefined);
      return;
    }
    if (this.client !== client) return;
    // Whatever changed while nobody listened: a new stamp, so the next request reads the version.
    this.notices++;
    this.live = true;
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.live = false;
    client.end().catch(() => undefined);
    if (this.closed) return;
    console.error(
      `PostgreSQL: the catalog listener lost its connection${err ? ` (${err.message})` : ""}; connecting again`,
    );
    this.retry = setTimeout(() => void this.connect(), LISTEN_RETRY_MS);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.live = false;
    await client?.end().catch(() => undefined);
  }
}

export class PostgresData implements DataLayer {
  readonly engine = "postgres" as const;
  private readonly ambient = new AsyncLocalStorage<PgTx>();
  /** Write transactions this process committed (its own catalog edits, seen before any notice of them). */
  private commits = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: NodePgDatabase<typeof schema>,
    /** batchGuarded()'s guards: statements that commit each on its own, without waiting for the disk. */
    private readonly counters: { pool: pg.Pool; db: NodePgDatabase<typeof schema> },
    private readonly catalogChanges: CatalogChanges,
  ) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = this.ambient.getStore();
    if (outer?.isOpen) return this.savepoint(outer, work);
    return this.run(WRITE, work);
  }

  read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = this.ambient.getStore();
    if (outer?.isOpen) return work(outer);
    return this.run(READ, work);
  }

  /** No group commit here: every checkout commits on its own pooled connection. */
  batch<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.transaction(work);
  }

  /** The guard first, each of its statements committed on its own without waiting for the disk (a counter row is
   * locked only while its statement runs), then the work (see DataLayer.batchGuarded). */
  async batchGuarded<T>(guard: (tx: Tx) => Promise<number>, work: (tx: Tx) => Promise<T>): Promise<Guarded<T>> {
    const counting = new PgTx(this.counters.db, 0);
    let refused: number;
    try {
      refused = await this.ambient.exit(() => guard(counting));
    } finally {
      counting.end();
    }
    if (refused > 0) return { refused };
    try {
      return { value: await this.batch(work) };
    } catch (error) {
      return { error };
    }
  }

  savepoint<T>(parent: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
    if (!(parent instanceof PgTx)) throw new Error("This transaction belongs to another database.");
    return parent.savepoint((handle) => this.within(new PgTx(handle, parent.depth + 1), work));
  }

  private async run<T>(config: PgTransactionConfig, work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await this.db.transaction((handle) => this.within(new PgTx(handle, 0), work), config);
    if (config === WRITE) this.commits++;
    return result;
  }

  private async within<T>(tx: PgTx, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.ambient.run(tx, work, tx);
    } finally {
      tx.end();
    }
  }

  /** This process's commits, the catalog changes heard from every instance (CatalogChanges), and the second:
   * unchanged while no write committed here and no instance changed the catalog's version. Null while the
   * listener is not listening. Only the catalog's version is read under this stamp (docs/decisions.md D27). */
  changeStamp(): string | null {
    const heard = this.catalogChanges.stamp();
    return heard === null ? null : `${this.commits}:${heard}:${Math.floor(Date.now() / STAMP_MAX_AGE_MS)}`;
  }

  detached<T>(work: () => T): T {
    return this.ambient.exit(work);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.counters.pool.end(), this.catalogChanges.close()]);
  }
}

/** Connects to the server and applies pending migrations (one instance at a time). */
export async function openPostgres(url: string, options: { maxConnections?: number } = {}): Promise<PostgresData> {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10 });
  // An idle connection that fails (a server restart) is dropped from the pool, not a crash of the process.
  pool.on("error", (err) => console.error(`PostgreSQL connection error: ${err.message}`));
  const db = drizzle(pool, { schema });
  try {
    const lock = await pool.connect();
    let broken: Error | undefined;
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder: migrationsFolder() });
      await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    } catch (err) {
      // Closing the connection (instead of returning it to the pool) releases the lock in any case.
      broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      lock.release(broken);
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  // A few connections for counters (rate limits): a crash may lose their last counts, never an order.
  const countersPool = new pg.Pool({ connectionString: url, max: 4, options: "-c synchronous_commit=off" });
  countersPool.on("error", (err) => console.error(`PostgreSQL connection error: ${err.message}`));
  const catalogChanges = new CatalogChanges(url);
  await catalogChanges.connect();
  return new PostgresData(pool, db, { pool: countersPool, db: drizzle(countersPool, { schema }) }, catalogChanges);
}
