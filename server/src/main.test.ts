/** The server process at start: it refuses a DATABASE_URL it cannot use, and on PostgreSQL it migrates an
 * empty database, seeds it and serves. */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "./test/free-port.ts";
import { runServerToExit, SERVER_EXIT_TIMEOUT_MS } from "./test/start-process.ts";
import { TEST_ON_POSTGRES } from "./test/harness.ts";
import { createPostgresDatabase } from "./test/postgres-database.ts";

const serverDir = new URL("../", import.meta.url).pathname;

const start = (databaseUrl: string) => runServerToExit({ DATABASE_URL: databaseUrl });

describe("start-up with DATABASE_URL", () => {
  it(
    "stops with a clear message for an unsupported scheme, without echoing the URL's password",
    () => {
      const { status, output } = start("mysql://root:hunter2@db.internal/store");
      expect(status, output).toBe(1);
      expect(output).toContain('Cannot start the store: Unsupported DATABASE_URL scheme "mysql:"');
      expect(output).not.toContain("hunter2");
      expect(output).not.toMatch(/\n\s+at /); // one line, no stack trace
    },
    SERVER_EXIT_TIMEOUT_MS,
  );

  it(
    "stops with a clear message for a bare path (not taken silently as a file)",
    () => {
      const { status, output } = start("./somewhere/store.db");
      expect(status, output).toBe(1);
      expect(output).toContain("Cannot start the store: Unsupported DATABASE_URL");
    },
    SERVER_EXIT_TIMEOUT_MS,
  );
});

describe("start-up on a port in use", () => {
  it(
    "stops with a clear message that says what to do, without a stack trace, before it writes anything",
    async () => {
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
      const address = taken.address();
      const port = typeof address === "object" && address ? address.port : 0;
      try {
        const { status, output } = runServerToExit({ PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "no" });
        expect(status, output).toBe(1);
        expect(output).toContain(
          `Cannot start the store: port ${port} is in use (is the store already running?). Stop the other process, or start on another port: PORT=${port + 1} bash scripts/start.sh`,
        );
        expect(output).not.toMatch(/\n\s+at /);
        // Stopped before it wrote anything: no first admin whose password would be printed once, to a failed start.
        expect(output).not.toContain("Admin login");
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    },
    SERVER_EXIT_TIMEOUT_MS,
  );
});

describe.runIf(TEST_ON_POSTGRES)("start-up on PostgreSQL", () => {
  it("applies the migrations to an empty database, seeds the demo catalog and serves it", async () => {
    const database = await createPostgresDatabase("store_start");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-start-"));
    const port = await freePort();
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "yes",
      DATABASE_URL: database.url,
    };
    // `pnpm db:migrate` migrates on its own too: the server then finds nothing pending.
    const migrated = spawnSync(process.execPath, ["--import", "tsx", "src/db/migrate-cli.ts"], {
      cwd: serverDir,
      env,
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(`${migrated.stdout}${migrated.stderr}`).toContain("is up to date");
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: serverDir, env, stdio: "pipe" });
    const output: string[] = [];
    child.stdout.on("data", (d: Buffer) => output.push(d.toString()));
    child.stderr.on("data", (d: Buffer) => output.push(d.toString()));
    try {
      let categories: unknown[] = [];
      for (let i = 0; i < 1200 && categories.length === 0; i++) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/categories`);
          if (res.ok) categories = (await res.json()) as unknown[];
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect(categories.length, output.join("")).toBeGreaterThan(5);
      const sync = (await (await fetch(`http://127.0.0.1:${port}/api/sync`)).json()) as { products: unknown[] };
      expect(sync.products.length).toBe(48);
      // The demo images were written to the database with the catalog.
      const image = await fetch(`http://127.0.0.1:${port}/uploads/demo/steam-20.webp`);
      expect(image.status).toBe(200);
      expect(image.headers.get("Content-Type")).toBe("image/webp");
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 180_000);
});
