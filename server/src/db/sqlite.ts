/** The SQLite engine (better-sqlite3): one connection, and transactions that stay whole although the code
 * that runs them is asynchronous. better-sqlite3 runs each statement synchronously on the one connection, so
 * while a transaction awaits between two statements, another request's statement would run inside it. Here
 * every transaction (read or write) holds a lock on the connection from BEGIN to COMMIT, queued in order;
 * a transaction opened inside another (in its async context) becomes a savepoint of it instead of waiting
 * for itself. Repos reach the connection only through the `tx` they are given, which refuses use after the
 * transaction ended or while a savepoint of it is open. */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { DataLayer, Db, Guarded, Tables, Tx } from "./data.ts";
import * as schema from "./schema-sqlite.ts";
import { startCheckpointer } from "./checkpointer.ts";
import { Mutex, TxState, type TransactionHost } from "./transactions.ts";
import { ensurePrivateDatabaseFile } from "../lib/private-files.ts";
import { WriteBatch } from "./write-batch.ts";

export type SqliteDb = BetterSQLite3Database<typeof schema>;

/** One transaction, or one savepoint inside it, on the SQLite connection. */
export class SqliteTx extends TxState implements Tx {
  constructor(
    private readonly handle: SqliteDb,
    readonly depth: number,
  ) {
    super();
  }

  /** The connection's query builder, for the statements of this transaction. It is SQLite's drizzle builder,
   * typed as the builder repos are written against (see Db in data.ts: the part repos use is the same). */
  get db(): Db {
    this.check();
    return this.handle as unknown as Db;
  }

  /** The one connection (every transaction shares its builder). */
  get connection(): object {
    return this.handle;
  }

  /** The same connection with SQLite's own drizzle types (engine-specific code and tests only). */
  get sqlite(): SqliteDb {
    this.check();
    return this.handle;
  }

  /** SQLite's tables, made from the same declaration as PostgreSQL's (schema-sqlite.ts). */
  get t(): Tables {
    return schema as unknown as Tables;
  }
}

interface SavepointStatements {
  open: Database.Statement;
  release: Database.Statement;
  rollbackTo: Database.Statement;
}

function migrationsFolder(): string {
  // Bundled builds copy migrations next to main.js; source runs read them beside this file.
  const bundled = path.join(path.dirname(new URL(import.meta.url).pathname), "migrations");
  if (fs.existsSync(path.join(bundled, "meta"))) return bundled;
  return new URL("./migrations", import.meta.url).pathname;
}

export interface SqliteOptions {
  /** Run WAL checkpoints on a worker thread instead of inside commits (the long-running server). */
  backgroundCheckpoints?: boolean;
}

export class SqliteData implements DataLayer, TransactionHost<SqliteTx> {
  readonly engine = "sqlite" as const;
  /** The drizzle handle. Outside the data layer only tests read it directly, when nothing else runs. */
  readonly db: SqliteDb;
  private readonly mutex = new Mutex();
  private readonly ambient = new AsyncLocalStorage<SqliteTx>();
  private readonly begin: Database.Statement;
  private readonly beginImmediate: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  private readonly dataVersion: Database.Statement;
  /** Write transactions this connection committed (SQLite's data_version counts only other connections'). */
  private writesCommitted = 0;
  /** Other connections' commit count as read in this turn of the event loop. */
  private othersThisTurn: string | undefined;
  private readonly savepoints: SavepointStatements[] = [];
  private readonly writeBatch: WriteBatch<SqliteTx>;
  private readonly stopCheckpointer: () => void;
  private closed = false;

  constructor(
    readonly sqlite: Database.Database,
    file: string,
    options: SqliteOptions,
  ) {
    this.db = drizzle(sqlite, { schema });
    this.begin = sqlite.prepare("BEGIN");
    this.beginImmediate = sqlite.prepare("BEGIN IMMEDIATE");
    this.commit = sqlite.prepare("COMMIT");
    this.rollback = sqlite.prepare("ROLLBACK");
    this.dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
    this.writeBatch = new WriteBatch<SqliteTx>(this);
    const checkpointer =
      options.backgroundCheckpoints && file !== ":memory:" ? startCheckpointer(sqlite, file) : undefined;
    this.stopCheckpointer = () => checkpointer?.stop();
  }

  /** A write transaction (BEGIN IMMEDIATE); inside an open transaction, a savepoint of it. */
  transaction<T>(work: (tx: SqliteTx) => Promise<T>): Promise<T> {
    const outer = this.ambient.getStore();
    if (outer?.isOpen) return this.savepoint(outer, work);
    return this.run(this.beginImmediate, work);
  }

  /** A read transaction: one consistent snapshot; inside an open transaction, that transaction. */
  read<T>(work: (tx: SqliteTx) => Promise<T>): Promise<T> {
    const outer = this.ambient.getStore();
    if (outer?.isOpen) return work(outer);
    return this.run(this.begin, work);
  }

  /** SQLite has no replica: the one file is the newest catalog there is. */
  readCatalog<T>(_atLeast: number, work: (tx: SqliteTx) => Promise<T>): Promise<T> {
    return this.read(work);
  }

  catalogReads(): null {
    return null;
  }

  /** Group commit (write-batch.ts); inside an open transaction, a savepoint of it. */
  batch<T>(work: (tx: SqliteTx) => Promise<T>): Promise<T> {
    const outer = this.ambient.getStore();
    if (outer?.isOpen) return this.savepoint(outer, work);
    return this.writeBatch.run(work);
  }

  /** One unit of the write batch: the guard, then `work` in a savepoint (see DataLayer.batchGuarded). */
  batchGuarded<T>(guard: (tx: Tx) => Promise<number>, work: (tx: Tx) => Promise<T>): Promise<Guarded<T>> {
    return this.batch(async (tx): Promise<Guarded<T>> => {
      const refused = await guard(tx);
      if (refused > 0) return { refused };
      try {
        return { value: await this.savepoint(tx, work) };
      } catch (error) {
        return { error };
      }
    });
  }

  topLevel<T>(work: (tx: SqliteTx) => Promise<T>): Promise<T> {
    return this.run(this.beginImmediate, work);
  }

  private async run<T>(begin: Database.Statement, work: (tx: SqliteTx) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error("The database is closed.");
    if (!this.mutex.tryLock()) await this.mutex.wait();
    const tx = new SqliteTx(this.db, 0);
    try {
      begin.run();
      const result = await tx.runWork(this.ambient.run(tx, work, tx));
      await tx.settle();
      this.commit.run();
      if (begin === this.beginImmediate) this.writesCommitted++;
      return result;
    } catch (err) {
      if (this.sqlite.inTransaction) this.rollback.run();
      throw err;
    } finally {
      tx.end();
      this.mutex.unlock();
    }
  }

  /** Runs `work` in a savepoint of `parent`: if it throws, only its own writes roll back. */
  async savepoint<T>(parent: Tx, work: (tx: SqliteTx) => Promise<T>): Promise<T> {
    if (!(parent instanceof SqliteTx)) throw new Error("This transaction belongs to another database.");
    const depth = parent.depth + 1;
    const statements = this.savepointStatements(depth);
    const tx = new SqliteTx(this.db, depth);
    parent.enter();
    let opened = false;
    try {
      statements.open.run();
      opened = true;
      const result = await tx.runWork(this.ambient.run(tx, work, tx));
      await tx.settle();
      statements.release.run();
      return result;
    } catch (err) {
      if (opened && this.sqlite.inTransaction) {
        statements.rollbackTo.run();
        statements.release.run();
      }
      throw err;
    } finally {
      tx.end();
      parent.leave();
    }
  }

  private savepointStatements(depth: number): SavepointStatements {
    let statements = this.savepoints[depth];
    if (!statements) {
      statements = {
        open: this.sqlite.prepare(`SAVEPOINT sp${depth}`),
        release: this.sqlite.prepare(`RELEASE sp${depth}`),
        rollbackTo: this.sqlite.prepare(`ROLLBACK TO sp${depth}`),
      };
      this.savepoints[depth] = statements;
    }
    return statements;
  }

  /** Waits for the transaction in progress (and those queued before), then closes the connection. */

  detached<T>(work: () => T): T {
    return this.ambient.exit(work);
  }

  /**
   * This connection's committed writes and SQLite's count of other connections' commits: no table is read. The
   * latter is asked once per turn of the event loop (the requests handled in one turn arrived together).
   */
  changeStamp(): string | null {
    if (this.closed) return null;
    if (this.othersThisTurn === undefined) {
      this.othersThisTurn = String(this.dataVersion.get());
      setImmediate(() => (this.othersThisTurn = undefined));
    }
    return `${this.writesCommitted}:${this.othersThisTurn}`;
  }

  async close(): Promise<void> {
    // Transactions already queued run first; later ones are refused.
    if (this.closed) return;
    this.closed = true;
    await this.mutex.lock();
    this.stopCheckpointer();
    this.sqlite.close();
  }
}

/** Opens (creating if needed) the SQLite file and applies pending migrations. */
export function openSqlite(file: string, options: SqliteOptions = {}): SqliteData {
  if (file !== ":memory:") ensurePrivateDatabaseFile(file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // 64 MB of page cache rather than SQLite's 2 MB: a store with a large code stock or years of orders otherwise reads
  // its index pages back from the OS on every checkout (a reservation moves entries in two of the codes' indexes).
  sqlite.pragma("cache_size = -65536");
  // Temporary files in memory: each order of the write batch runs in a savepoint, whose journal (the pages it
  // changed, to roll back to) otherwise spills to a temporary file past 64 KB: about 50 of the server's 75 write
  // system calls per order in the checkout bench. Sorts and transient indexes stay in memory too (none here is large).
  sqlite.pragma("temp_store = MEMORY");
  migrate(drizzle(sqlite, { schema }), { migrationsFolder: migrationsFolder() });
  return new SqliteData(sqlite, file, options);
}
