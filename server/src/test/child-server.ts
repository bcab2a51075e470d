/** The real server as a child process, for crash tests (SIGKILL, restart on the same data directory). */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterAll } from "vitest";

const serverDir = new URL("../../", import.meta.url).pathname;

/** Each child's output, for failure messages. */
const logs = new Map<ChildProcess, string[]>();

/** The real server (src/main.ts) as a child process on `port`, with `env` added to a production environment. */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}): ChildProcess {
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    SEED_DEMO: "yes",
    PUBLIC_URL: "http://store.test",
    ...env,
  };
  // One process (node with the tsx loader), so SIGKILL really kills the server, not a wrapper.
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  child.stdout?.on("data", (d: Buffer) => log.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => log.push(d.toString()));
  logs.set(child, log);
  return child;
}

/** Waits until the server answers. */
export async function waitReady(child: ChildProcess, port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/categories`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${(logs.get(child) ?? []).join("")}`);
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  );

/** After a crash test: kills (SIGKILL) whichever of its servers still run, and waits until every one has exited. */
export async function killAll(children: readonly ChildProcess[]): Promise<void> {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await Promise.all(children.map(exited));
}

/** A crash suite's own data directory (named from `prefix`) and the servers it starts there: called in a `describe`,
 * it kills every server still running and removes the directory after the suite. */
export function crashSuite(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await killAll(children);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    /** The real server on the suite's data directory, once it answers on `port`. */
    async start(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
      const child = startServer(dataDir, port, env);
      children.push(child);
      await waitReady(child, port);
      return child;
    },
  };
}

/** Waits until no outbox row of the server's SQLite file is left unsent; returns how many still are. */
export async function waitOutboxDrained(db: Database.Database, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  let pending = -1;
  while (Date.now() < until) {
    pending = (db.prepare("select count(*) as n from mail_outbox where status <> 'sent'").get() as { n: number }).n;
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return pending;
}
