/** The data layer's surface for services: transactions, and the `tx` that repos run their statements in.
 * Services never see a driver; repos are the only code that reads `tx.db`.
 *
 * - `transaction(work)`: a write transaction; called inside an open one (same async context), a savepoint.
 * - `read(work)`: one consistent snapshot for several reads; inside an open transaction, that transaction.
 * - `readCatalog(atLeast, work)`: a snapshot for the catalog's public answers, which a read replica may serve
 *   (DATABASE_READ_URL) when its catalog is new enough; otherwise as `read`.
 * - `savepoint(tx, work)`: a part of `tx` that rolls back alone when it throws.
 * - `batch(work)`: group commit for the checkout (several callers' units in one commit, each in a savepoint).
 * - `batchGuarded(guard, work)`: a batch whose `work` runs only when `guard` (counters, e.g. rate limits) says so;
 *   the guard's writes are kept whether `work` commits, throws or does not run.
 *
 * Keep awaited I/O (network, image processing) out of transactions: on SQLite they hold the connection. */
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import type * as pgSchema from "./schema/index.ts";

/** The tables repos query, from the transaction (`tx.t.products`): each engine gives its own, made from one
 * declaration (schema/ for PostgreSQL, schema-sqlite.ts for SQLite; schema-parity.test.ts compares them). */
export type Tables = typeof pgSchema;

/** The query builder repos use. drizzle has one builder per SQL dialect and none common to both, so repos are
 * written once against the PostgreSQL builder's types, and the SQLite engine hands them its own builder, whose
 * API is the same for everything repos may use: awaited select/insert/update/delete, where, orderBy, limit,
 * groupBy, innerJoin, returning(), onConflictDoNothing/DoUpdate, count(), and prepare(name).execute(params)
 * (db/prepared.ts). Repos never use a result without returning() (its shape differs per driver) and nothing
 * engine-specific (.get/.all/.run, .for()); the server tests run on both engines to hold them to it. */
export type Db = PgDatabase<NodePgQueryResultHKT, Tables>;

/** One transaction (or savepoint), as repos receive it. */
export interface Tx {
  readonly db: Db;
  readonly t: Tables;
  /** The connection the transaction runs on, the same for every transaction on it: prepared statements are kept
   * per connection (db/prepared.ts), where `db` is a new handle for each PostgreSQL transaction. */
  readonly connection: object;
  /** Reads sent ahead of the statements that need their answers: they run now, pipelined with the next ones on
   * PostgreSQL, and the work awaits the returned promise where it needs it. The transaction waits for them before
   * it ends; an answer never read is dropped (no unhandled rejection). */
  ahead<T>(reads: PromiseLike<T>): Promise<T>;
  /** The work's last statements, whose answers it does not wait for: awaited as the transaction (or savepoint)
   * commits, which fails if one of them failed. On PostgreSQL the COMMIT leaves with them (a round trip less).
   * Nothing may follow them. The returned promise gives their answers after the commit. */
  last<T>(statements: PromiseLike<T>): Promise<T>;
  /** Says this transaction writes catalog version `rev` (catalog_state): once it commits, this process never
   * answers the catalog from a read replica older than that. */
  wroteCatalogVersion(rev: number): void;
}

/** Where the catalog's public reads went since start, with a read replica (docs/decisions.md D51). */
export interface CatalogReadCounts {
  /** Reads the replica answered. */
  replica: number;
  /** Reads the primary answered because the replica's catalog was older than the read needed (or could be: while
   * the catalog listener is not connected, this process cannot know how new the catalog is). */
  primary: number;
  /** Reads the primary answered because the replica could not be reached or failed the read. */
  failed: number;
}

/** What batchGuarded() did: refused by the guard, or `work`'s value, or what `work` threw (after the commit). */
export type Guarded<T> = { refused: number } | { value: T } | { error: unknown };

export interface DataLayer {
  readonly engine: "sqlite" | "postgres";
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** One snapshot for the catalog's public answers (sync, first screen, categories, pages, sitemap), whose
   * catalog version is at least `atLeast` (the version a client says it has, or the one the answer is built for)
   * and at least every version this process has served, written or heard of. With a read replica
   * (DATABASE_READ_URL) the replica serves it when its catalog is that new, else the primary does; nothing
   * else ever reads the replica. Without one, as `read` (`atLeast` then always holds, short of a reset). */
  readCatalog<T>(atLeast: number, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Where readCatalog() went; null without a read replica. */
  catalogReads(): CatalogReadCounts | null;
  savepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T>;
  batch<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** `guard` counts (small writes that a crash may lose) and answers 0 to go ahead, else a number that refuses
   * (`{ refused }`, and `work` does not run). SQLite: both in one unit of the write batch, `work` in a savepoint
   * of it (one commit for both). PostgreSQL: each of the guard's statements commits on its own, without waiting
   * for the disk, so a counter row every request updates is locked only while its statement runs (never for the
   * length of `work`'s batch, nor of a disk flush); then `work` as a unit of the write batch. */
  batchGuarded<T>(guard: (tx: Tx) => Promise<number>, work: (tx: Tx) => Promise<T>): Promise<Guarded<T>>;
  /** Runs `work` outside any transaction of the caller's async context: background work started from inside
   * a request's transaction (waking the mail worker) must open its own, not join one that will end. */
  detached<T>(work: () => T): T;
  /** A value that stays the same only while the catalog's version (catalog_state) is unchanged, by this process
   * or any other: the catalog's version read after taking the stamp is still current while the stamp is
   * unchanged. SQLite: it changes on any commit. PostgreSQL: on this process's commits, on every change of the
   * version another instance announces (CatalogChanges), and each second; null while it cannot hear those
   * announcements, so every read goes to the database. */
  changeStamp(): string | null;
  close(): Promise<void>;
}
