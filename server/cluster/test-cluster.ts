/** The multi-instance tests' store: a throwaway PostgreSQL database and built servers on it behind HAProxy, with a
 * client of the database to check what it holds. Every request comes from 127.0.0.1 through the balancer, so the
 * checkout's per-address, per-recipient and held-stock limits stay counted but are set out of the tests' reach. */
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { LIMITS_OUT_OF_REACH } from "../src/test/checkout-request.ts";
import { createPostgresDatabase } from "../src/test/postgres-database.ts";
import { startCluster, type Cluster } from "./cluster.ts";

export interface TestCluster {
  cluster: Cluster;
  db: pg.Client;
  /** Stops the servers and the balancer, and drops the database. */
  stop(): Promise<void>;
}

export interface TestClusterOptions {
  prefix: string;
  instances: number;
  admin: { username: string; password: string };
  env?: Record<string, string>;
}

export async function startTestCluster(options: TestClusterOptions): Promise<TestCluster> {
  const database = await createPostgresDatabase(options.prefix);
  let cluster: Cluster | undefined;
  let db: pg.Client | undefined;
  const stop = async () => {
    await db?.end();
    await cluster?.stop();
    await database.drop();
  };
  try {
    cluster = await startCluster({
      instances: options.instances,
      env: {
        DATABASE_URL: database.url,
        ADMIN_USERNAME: options.admin.username,
        ADMIN_PASSWORD: options.admin.password,
        ...LIMITS_OUT_OF_REACH,
        ...options.env,
      },
    });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    return { cluster, db, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A test cluster for the describe block this is called in: started before its tests (within `startMs`), stopped
 * after them. The answer gives the cluster once the tests run. */
export function clusterForSuite(options: TestClusterOptions, startMs = 120_000): () => TestCluster {
  let started: TestCluster | undefined;
  beforeAll(async () => {
    started = await startTestCluster(options);
  }, startMs);
  afterAll(async () => {
    await started?.stop();
  });
  return () => {
    if (!started) throw new Error("The test cluster has not started.");
    return started;
  };
}
