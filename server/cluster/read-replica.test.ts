/** Two built servers behind HAProxy with a read replica (DATABASE_READ_URL). The replica is a copy of the primary
 * taken at one moment (CREATE DATABASE ... TEMPLATE), whose products' titles carry a mark: it lags every later edit
 * of the primary until the test replays the edit on it, as streaming replication would, and an answer shows which
 * database it was read from. Through the balancer, whichever instance answers: the replica serves while it is
 * current, the primary while it lags or is down, and no client is answered older than the catalog it has.
 * Run after `pnpm build`: `pnpm test:multi` (needs PostgreSQL on 127.0.0.1:5432 and haproxy on PATH). */
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowConnections, createPostgresDatabase, editCatalog, onDatabase } from "../src/test/postgres-database.ts";
import { haproxyInstalled, startCluster, startStore, type Cluster } from "./cluster.ts";
import { httpRequest, json } from "./http-client.ts";

const MARK = "[replica] ";
const PASSWORD = "replica-password-never-logged";
const CODES_KEY = Buffer.alloc(32, 9).toString("base64");

interface Answer {
  version: number;
  products: { id: string; title: string }[];
}

describe.runIf(haproxyInstalled())("two instances behind HAProxy with a lagging read replica", () => {
  let primary: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let replica: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let cluster: Cluster;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  beforeAll(async () => {
    primary = await createPostgresDatabase("store_multi_primary");
    // One instance migrates and seeds the primary, then stops: nothing may be connected to it while it is copied.
    const seeder = await startStore({ name: "seeder", env: { DATABASE_URL: primary.url, CODES_KEY } });
    await seeder.kill("SIGTERM");
    fs.rmSync(seeder.dataDir, { recursive: true, force: true });
    replica = await createPostgresDatabase("store_multi_replica", { template: primary.url });
    await onDatabase(replica.url, (c) => c.query("UPDATE products SET title = $1 || title", [MARK]));
    const readUrl = new URL(replica.url);
    readUrl.password = PASSWORD;
    cluster = await startCluster({
      instances: 2,
      env: { DATABASE_URL: primary.url, DATABASE_READ_URL: readUrl.toString(), CODES_KEY },
    });
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    await cluster?.stop();
    await replica?.drop();
    await primary?.drop();
  });

  async function sync(since: number, extra = ""): Promise<Answer> {
    const answer = await httpRequest(agent, `${cluster.url}/api/sync?since=${since}${extra}`, "GET").catch(
      (err: unknown) => {
        // A connection closed without an answer: most likely an instance that stopped; say which, and why.
        const stopped = cluster.stores.filter((s) => !s.alive()).map((s) => `${s.name} stopped:\n${s.stderr()}`);
        throw new Error(`${String(err)}\n${stopped.join("\n") || "every instance is running"}`, { cause: err });
      },
    );
    expect(answer.status).toBe(200);
    return json<Answer>(answer);
  }
  const marked = (a: Answer) => a.products.length > 0 && a.products.every((p) => p.title.startsWith(MARK));
  const unmarked = (a: Answer) => a.products.length > 0 && a.products.every((p) => !p.title.startsWith(MARK));

  it("serves the replica while it is current, the primary while it lags or is down, never older than a client has", async () => {
    const start = await sync(0);
    expect(marked(start)).toBe(true);
    const productId = start.products[0]?.id;
    if (!productId) throw new Error("no product");
    // Each request goes to either instance: both serve the replica.
    for (let i = 0; i < 6; i++) expect(marked(await sync(0, `&limit=${10 + i}`))).toBe(true);

    // An edit on the primary: a client that has it is never answered older, by either instance, at once.
    const edited = await editCatalog(primary.url, productId, "Edited on the primary", true);
    for (let i = 0; i < 6; i++) expect((await sync(edited)).version).toBeGreaterThanOrEqual(edited);
    // A client that has the old catalog walks forward, never back, and reaches the edit from the primary.
    let have = start.version;
    for (let i = 0; i < 200 && have < edited; i++) {
      const answer = await sync(have);
      expect(answer.version).toBeGreaterThanOrEqual(have);
      have = answer.version;
      if (have < edited) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(have).toBe(edited);
    // Both instances have heard of it: while the replica lags, everything comes from the primary.
    for (let i = 0; i < 6; i++) {
      const answer = await sync(0, `&limit=${20 + i}`);
      expect(answer.version).toBe(edited);
      expect(unmarked(answer)).toBe(true);
    }

    // The replica replays the edit: it serves again.
    expect(await editCatalog(replica.url, productId, `${MARK}Edited on the primary`, true)).toBe(edited);
    for (let i = 0; i < 6; i++) {
      const answer = await sync(0, `&limit=${30 + i}`);
      expect(answer.version).toBe(edited);
      expect(marked(answer)).toBe(true);
    }

    // The replica goes down: the primary answers, and the instances say so without the password.
    await allowConnections(primary.url, new URL(replica.url).pathname.slice(1), false);
    for (let i = 0; i < 6; i++) {
      const answer = await sync(0, `&limit=${40 + i}`);
      expect(answer.version).toBe(edited);
      expect(unmarked(answer)).toBe(true);
    }
    const logs = cluster.stores.map((s) => s.stderr());
    expect(logs.some((log) => log.includes("read replica") && log.includes("failed a read"))).toBe(true);
    for (const log of logs) expect(log).not.toContain(PASSWORD);
    expect(cluster.stores.filter((s) => !s.alive()).map((s) => s.name)).toEqual([]);
  });
});
