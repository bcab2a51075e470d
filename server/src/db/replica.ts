/** A PostgreSQL read replica for the catalog's public answers (DATABASE_READ_URL, docs/decisions.md D51): its pool,
 * where the reads went, and what happens when it fails. Which reads it may serve is decided by PostgresData's
 * readCatalog(), by the catalog version each read needs. */
import pg from "pg";
import type { CatalogReadCounts } from "./data.ts";

/** How long the replica is left alone after it failed a read: the primary answers meanwhile, so a replica that does
 * not answer costs a request its connection timeout once per period, not every request. */
export const REPLICA_RETRY_MS = 5_000;
/** How long a new connection to the replica may take before the read goes to the primary. */
const CONNECT_TIMEOUT_MS = 2_000;

/** The replica's address for logs: host, port and database, never the user or the password. */
function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
  } catch {
    return "(address not readable)";
  }
}

/** A driver's message with the URL's password taken out, should it ever quote it. */
function withoutSecret(message: string, url: string): string {
  let password = "";
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // An address URL cannot read holds no password it could quote either.
  }
  return password ? message.split(password).join("***") : message;
}

export class ReadReplica {
  readonly pool: pg.Pool;
  readonly counts: CatalogReadCounts = { replica: 0, primary: 0, failed: 0 };
  private readonly name: string;
  private retryAt = 0;
  /** Whether the failure in progress has been logged: once per outage, not once per read. */
  private reported = false;

  constructor(
    private readonly url: string,
    options: { maxConnections: number; onConnect: (client: pg.PoolClient) => void },
  ) {
    this.name = describeDatabase(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections,
      pipeline: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    this.pool.on("connect", options.onConnect);
    // An idle connection that fails (the replica restarting) leaves the pool, and the next read opens another or
    // fails, which failed() reports: one line per outage rather than one per pooled connection.
    this.pool.on("error", () => undefined);
  }

  /** Whether to try the replica now: not within REPLICA_RETRY_MS of its last failure. A read it is not tried for is
   * counted as failed over. */
  usable(): boolean {
    if (Date.now() >= this.retryAt) return true;
    this.counts.failed++;
    return false;
  }

  /** The replica answered a read. */
  answered(): void {
    this.counts.replica++;
    if (!this.reported) return;
    this.reported = false;
    console.log(`PostgreSQL read replica ${this.name} answers again: catalog reads go to it.`);
  }

  /** The replica's catalog was older than a read needed: the primary answers it. */
  behind(): void {
    this.counts.primary++;
  }

  /** The replica could not be reached, or failed the read: the primary answers it, and answers the catalog's reads
   * for REPLICA_RETRY_MS. */
  failed(err: unknown): void {
    this.counts.failed++;
    this.retryAt = Date.now() + REPLICA_RETRY_MS;
    if (this.reported) return;
    this.reported = true;
    const reason = withoutSecret(err instanceof Error ? err.message : String(err), this.url);
    console.error(
      `PostgreSQL read replica ${this.name} failed a read (${reason}): catalog reads go to the primary, and to ` +
        `the replica again once it answers (tried every ${REPLICA_RETRY_MS / 1000} s).`,
    );
  }

  /** Closes the pool, and says where the catalog's reads went since start (how much the replica took, how often it
   * lagged or failed). */
  close(): Promise<void> {
    const { replica, primary, failed } = this.counts;
    console.log(
      `PostgreSQL read replica ${this.name}: ${replica} catalog reads served by it, ${primary} by the primary while ` +
        `it was behind, ${failed} by the primary while it failed.`,
    );
    return this.pool.end();
  }
}
