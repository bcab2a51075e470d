/**
 * WAL checkpoints off the request thread. By default SQLite copies the write-ahead log back into the
 * database file inside whichever commit crosses 1,000 pages, so now and then a checkout pays for it.
 * Here a worker thread with its own connection runs a PASSIVE checkpoint (which never blocks writers)
 * every 100 ms; the main connection keeps a far higher automatic threshold as a safety net.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

/** The name the checkpoint thread takes on Linux (at most 15 characters). */
export const CHECKPOINT_THREAD = "wal-checkpoint";

/** Pages the WAL may reach before the main connection checkpoints by itself (the worker should win). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

// Plain CommonJS run by the worker (eval), so it needs no bundling of its own.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
// A name of its own on Linux (top -H, ps -L, the checkout bench's CPU figures).
try { require("node:fs").writeFileSync("/proc/thread-self/comm", workerData.threadName); } catch {}
db.pragma("busy_timeout = 1000");
const timer = setInterval(() => {
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ checkpointed: result ? result.checkpointed : 0 });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message ? err.message : err) });
  }
}, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Resolves after the worker's next checkpoint (tests). */
  nextCheckpoint: () => Promise<number>;
  stop: () => void;
}

export function startCheckpointer(sqlite: Database.Database, file: string, intervalMs = 100): Checkpointer {
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs, threadName: CHECKPOINT_THREAD },
  });
  worker.unref();
  let waiters: ((pages: number) => void)[] = [];
  let failed = false;
  worker.on("message", (message: { checkpointed?: number; error?: string }) => {
    if (message.error && !failed) {
      failed = true;
      console.error(`Background WAL checkpoint failed: ${message.error}`);
    }
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve(message.checkpointed ?? 0);
  });
  worker.on("error", (err) => {
    // Without the worker, SQLite's own automatic checkpoints take over again.
    console.error(`WAL checkpoint worker stopped: ${err.message}`);
    sqlite.pragma("wal_autocheckpoint = 1000");
  });
  return {
    nextCheckpoint: () => new Promise((resolve) => waiters.push(resolve)),
    stop: () => worker.postMessage("stop"),
  };
}
