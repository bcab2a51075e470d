/** The PostgreSQL engine (node-postgres): a pool of connections, one per open transaction. Write transactions
 * run at READ COMMITTED (row locks order conflicting writers: an UPDATE waits for the row, then sees its latest
 * version); reads run in one REPEATABLE READ, READ ONLY snapshot, so several reads (the catalog sync's version
 * and changes) agree with each other. As on SQLite, a transaction opened inside another (same async context)
 * becomes a savepoint of it. With a read replica (DATABASE_READ_URL), the catalog's public reads may go to it
 * (readCatalog, docs/decisions.md D51). */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import pg from "pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { eq } from "drizzle-orm";
import type { CatalogReadCounts, DataLayer, Db, Guarded, Tables, Tx } from "./data.ts";
import { prepared } from "./prepared.ts";
import { ReadReplica } from "./replica.ts";
import * as schema from "./schema/index.ts";
import { TxState } from "./transactions.ts";
import { WriteBatch } from "./write-batch.ts";

/** One transaction, or one savepoint inside it, on a pooled connection (`client`; none for statements that run
 * outside a transaction, as batchGuarded()'s guard does). */
export class PgTx extends TxState implements Tx {
  constructor(
    private readonly handle: Db,
    readonly depth: number,
    private readonly client?: pg.PoolClient,
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

  /** The pooled connection the statements run on (the pool itself for a tx outside any transaction). */
  get connection(): object {
    return this.client ?? this.handle;
  }

  /** From now to the end of this transaction, a statement that waits longer than `ms` for a lock another
   * transaction holds fails (lock_not_available). Sent with the next statements: the transaction waits for its
   * answer before it ends. */
  limitLockWaits(ms: number): void {
    const client = this.client;
    if (!client) throw new Error("Statements outside a transaction have no lock timeout of their own.");
    this.check();
    this.ahead(client.query(`SET LOCAL lock_timeout = ${Math.round(ms)}`));
  }

  /** Runs `work` in a savepoint of this transaction (one at a time); SAVEPOINT leaves with its first statements,
   * RELEASE with its last. */
  async savepoint<T>(work: (tx: PgTx) => Promise<T>): Promise<T> {
    const client = this.client;
    if (!client) throw new Error("Statements outside a transaction have no savepoint.");
    this.enter();
    const name = `sp${this.depth + 1}`;
    try {
      const opened = client.query(`SAVEPOINT ${name}`);
      opened.catch(() => undefined);
      let result: T;
      const tx = new PgTx(this.handle, this.depth + 1, client);
      try {
        result = await work(tx);
        // Sent with the work's last statements (Tx.last), as a transaction's COMMIT is: when one of them failed,
        // PostgreSQL ignores the RELEASE (the transaction is aborted), and the savepoint is rolled back below.
        const released = client.query(`RELEASE SAVEPOINT ${name}`);
        released.catch(() => undefined);
        await opened;
        await tx.settle();
        await released;
      } catch (err) {
        await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
      this.wroteCatalogVersion(tx.catalogVersionWritten);
      return result;
    } finally {
      this.leave();
    }
  }
}

const WRITE = "BEGIN ISOLATION LEVEL READ COMMITTED";
const READ = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
/** Checkout batches one instance writes at once (write-batch.ts), each on its own pooled connection. */
const BATCH_LANES = 2;
/** How long a unit of a batch that holds other units' rows may wait for a lock before it gives way (write-batch.ts):
 * long enough for a batch that holds the lock to commit, short enough that no circle of waits lasts. */
const BATCH_LOCK_WAIT_MS = 20;
/** PostgreSQL's SQLSTATE for a statement failed to end a deadlock. */
const DEADLOCK_DETECTED = "40P01";
/** PostgreSQL's SQLSTATE for a statement that waited for a lock longer than lock_timeout. */
const LOCK_NOT_AVAILABLE = "55P03";

/** The SQLSTATE of a database error, also when drizzle wrapped it (its `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

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

/** The catalog's version (one row), read where a snapshot must be checked against the version a read needs. */
const selectCatalogRev = prepared("catalog_rev_checked", (db, t) =>
  db.select({ rev: t.catalogState.rev }).from(t.catalogState).where(eq(t.catalogState.id, 1)),
);

async function catalogRev(tx: Tx): Promise<number> {
  return (await selectCatalogRev(tx).execute())[0]?.rev ?? 0;
}

/** Hears the catalog's version change on any instance: a connection of its own LISTENs on CATALOG_CHANNEL and
 * counts the notices. stamp() is null while it is not listening (connecting, or connecting again after a lost
 * connection, when it may have missed notices): every read then goes to the database. Each notice's version, and
 * the version read once it listens (what it may have missed), go to `heard`. */
export class CatalogChanges {
  private notices = 0;
  private live = false;
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly heard: (version: number) => void = () => undefined,
    /** The catalog's version now, read on another connection (the listener's own only ever LISTENs). */
    private readonly current: () => Promise<number> = () => Promise.resolve(0),
  ) {}

  stamp(): string | null {
    return this.live ? String(this.notices) : null;
  }

  async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    this.client = client;
    client.on("notification", (notice) => {
      this.notices++;
      const version = Number(notice.payload);
      if (Number.isSafeInteger(version)) this.heard(version);
    });
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      // Changes committed before LISTEN took effect were never announced to this connection.
      this.heard(await this.current());
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
  private readonly handles = new WeakMap<pg.PoolClient, Db>();
  /** The newest catalog version this process has served from, written, or heard of from any instance: the
   * replica answers a catalog read only when its catalog is at least this new. */
  private catalogFloor = 0;
  private readonly writeBatch = new WriteBatch<Tx>(this, undefined, BATCH_LANES);

  constructor(
    private readonly pool: pg.Pool,
    /** batchGuarded()'s guards: statements that commit each on its own, without waiting for the disk. */
    private readonly counters: { pool: pg.Pool; db: NodePgDatabase<typeof schema> },
    private readonly catalogChanges: CatalogChanges,
    /** DATABASE_READ_URL's replica, for readCatalog() only. */
    private readonly replica?: ReadReplica,
  ) {}

  /** A catalog version this process served, wrote or heard of: the replica may not answer an older one. */
  heardCatalogVersion(version: number): void {
    if (version > this.catalogFloor) this.catalogFloor = version;
  }

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

  readCatalog<T>(atLeast: number, work: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = this.ambient.getStore();
    if (outer?.isOpen) return work(outer);
    if (!this.replica) return this.run(READ, work);
    return this.readCatalogWithReplica(this.replica, atLeast, work);
  }

  /** On the replica when its snapshot's catalog is at least `atLeast` and at least the floor; else on the primary.
   * While the listener is not connected this process may have missed versions, so the floor says nothing and the
   * primary answers. A replica that fails the read (or cannot be reached) has it read again on the primary. */
  private async readCatalogWithReplica<T>(
    replica: ReadReplica,
    atLeast: number,
    work: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    const need = Math.max(atLeast, this.catalogFloor);
    if (this.catalogChanges.stamp() === null) replica.behind();
    else if (replica.usable()) {
      try {
        const answered = await this.run(
          READ,
          async (tx): Promise<{ value: T } | undefined> => {
            const version = await catalogRev(tx);
            if (version < need) return undefined;
            this.heardCatalogVersion(version);
            return { value: await work(tx) };
          },
          replica.pool,
        );
        if (answered) {
          replica.answered();
          return answered.value;
        }
        replica.behind();
      } catch (err) {
        replica.failed(err);
      }
    }
    // The primary's catalog is the newest there is: its version read beside the work's first statements.
    return this.run(READ, async (tx) => {
      const [version, value] = await Promise.all([catalogRev(tx), work(tx)]);
      this.heardCatalogVersion(version);
      return value;
    });
  }

  catalogReads(): CatalogReadCounts | null {
    return this.replica ? { ...this.replica.counts } : null;
  }

  /** Group commit (write-batch.ts): one transaction, on one pooled connection, for the checkouts that arrive while
   * the batches before run (BATCH_LANES at once); inside an open transaction, a savepoint of it. */
  batch<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = this.ambient.getStore();
    if (outer?.isOpen) return this.savepoint(outer, work);
    return this.writeBatch.run(work);
  }

  topLevel<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run(WRITE, work);
  }

  /** A deadlock PostgreSQL ended by failing this statement: the batch's unit runs again (write-batch.ts). */
  transient(error: unknown): boolean {
    return sqlStateOf(error) === DEADLOCK_DETECTED;
  }

  /** The batch keeps a unit's rows: the units after it wait for a lock at most BATCH_LOCK_WAIT_MS (write-batch.ts). */
  holding(tx: Tx): void {
    if (!(tx instanceof PgTx)) throw new Error("This transaction belongs to another database.");
    tx.limitLockWaits(BATCH_LOCK_WAIT_MS);
  }

  /** A unit that waited for a lock longer than the batch allows: it runs again first in the next batch. */
  gaveWay(error: unknown): boolean {
    return sqlStateOf(error) === LOCK_NOT_AVAILABLE;
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
    return parent.savepoint((tx) => this.within(tx, work));
  }

  /** A transaction on a pooled connection. BEGIN is not awaited: it leaves in one write with the work's first
   * statements (coalesceWrites), a round trip less for every transaction. (Only a broken connection fails a
   * BEGIN, and then every statement behind it fails too.) */
  private async run<T>(
    begin: typeof WRITE | typeof READ,
    work: (tx: Tx) => Promise<T>,
    pool: pg.Pool = this.pool,
  ): Promise<T> {
    const client = await pool.connect();
    const begun = client.query(begin);
    begun.catch(() => undefined);
    const tx = new PgTx(this.handleOf(client), 0, client);
    let result: T;
    try {
      result = await this.within(tx, work);
      await begun;
      // Sent with the work's last statements (Tx.last): when one of them failed, PostgreSQL has rolled
      // the transaction back and answers the COMMIT with ROLLBACK.
      const committed = client.query("COMMIT");
      committed.catch(() => undefined);
      await tx.settle();
      if ((await committed).command !== "COMMIT") throw new Error("The transaction was rolled back at its commit.");
    } catch (err) {
      // A connection that cannot even roll back is closed rather than handed to the next transaction.
      const ended = await client.query("ROLLBACK").then(
        () => true,
        () => false,
      );
      client.release(ended ? undefined : err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
    client.release();
    if (begin === WRITE) {
      this.commits++;
      this.heardCatalogVersion(tx.catalogVersionWritten);
    }
    return result;
  }

  /** drizzle's handle on one pooled connection, made once per connection. */
  private handleOf(client: pg.PoolClient): Db {
    let handle = this.handles.get(client);
    if (!handle) {
      handle = drizzle(client, { schema });
      this.handles.set(client, handle);
    }
    return handle;
  }

  private async within<T>(tx: PgTx, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await tx.runWork(this.ambient.run(tx, work, tx));
    } finally {
      tx.end();
    }
  }

  /** This process's commits, the catalog changes heard from every instance (CatalogChanges), and the second:
   * unchanged while no write committed here and no instance changed the catalog's version. Null while the
   * listener is not listening. Only the catalog's version is read under this stamp (docs/decisions.md D27). With a
   * replica, a version read there may be older than one this process learnt of since: the floor is in the stamp. */
  changeStamp(): string | null {
    const heard = this.catalogChanges.stamp();
    if (heard === null) return null;
    const second = Math.floor(Date.now() / STAMP_MAX_AGE_MS);
    return this.replica
      ? `${this.commits}:${heard}:${this.catalogFloor}:${second}`
      : `${this.commits}:${heard}:${second}`;
  }

  detached<T>(work: () => T): T {
    return this.ambient.exit(work);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.counters.pool.end(), this.catalogChanges.close(), this.replica?.close()]);
  }
}

/** Every pooled connection, primary's or replica's, as the pool opens it: writes coalesced, and a connection lost
 * while a transaction holds it (a server restart, an administrator's pg_terminate_backend) fails that transaction's
 * statements, which run() answers by closing it. The pool listens for a connection's 'error' only while it is idle;
 * without a listener of the connection's own, an error while it is checked out would end the whole process. */
function preparePooledConnection(client: pg.PoolClient): void {
  coalesceWrites(client);
  client.on("error", () => undefined);
}

/** Makes the statements a pooled connection is given in one turn of the event loop leave in one write to the
 * socket (docs/decisions.md D31): with the pool's pipeline mode they are sent without waiting for each other's
 * answers, so statements a transaction awaits together (Promise.all) cost one round trip, not one each. The
 * turn's first write corks the socket until the turn's promise callbacks have run. Statements keep their order,
 * and each keeps its own answer and error. */
function coalesceWrites(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection: { stream: Writable } }).connection.stream;
  const write = stream.write;
  let turn = false;
  stream.write = function (this: Writable, ...args: unknown[]): boolean {
    if (!turn) {
      turn = true;
      stream.cork();
      process.nextTick(() => {
        turn = false;
        stream.uncork();
      });
    }
    return Reflect.apply(write, stream, args) as boolean;
  } as Writable["write"];
}

export interface PostgresOptions {
  maxConnections?: number;
  /** A read replica of `url`'s database for the catalog's public reads (DATABASE_READ_URL). */
  readUrl?: string;
}

/** Connects to the server and applies pending migrations (one instance at a time). The replica, when there is one,
 * is not asked at start: the store starts without it, and its first read says whether it answers. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresData> {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10, pipeline: true });
  pool.on("connect", preparePooledConnection);
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
  const replica =
    options.readUrl === undefined
      ? undefined
      : new ReadReplica(options.readUrl, {
          maxConnections: options.maxConnections ?? 10,
          onConnect: preparePooledConnection,
        });
  // The listener tells the data layer every version it hears; it connects once the data layer exists.
  const catalogChanges = new CatalogChanges(
    url,
    (version) => data.heardCatalogVersion(version),
    async () => (await pool.query<{ rev: number }>("SELECT rev FROM catalog_state WHERE id = 1")).rows[0]?.rev ?? 0,
  );
  const data = new PostgresData(
    pool,
    { pool: countersPool, db: drizzle(countersPool, { schema }) },
    catalogChanges,
    replica,
  );
  await catalogChanges.connect();
  return data;
}
