/** The page's side of the sync-store worker: asks it to sync the catalog (fetching, parsing and storing every
 * page off the main thread), waits for the outcome, then tells the page's live queries. Where workers are
 * missing or fail to start, the sync runs on this thread instead. */
import { announceCatalogChange } from "./apply-sync.ts";
import { db } from "./db.ts";
import { walkSync, type WalkOptions, type WalkResult } from "./sync-walk.ts";

export interface StoreRequest {
  id: number;
  dbName: string;
  options: WalkOptions;
}

export type StoreReply = { id: number; ok: true; result: WalkResult } | { id: number; ok: false; error: string };

type Pending = { resolve: (result: WalkResult) => void; reject: (error: Error) => void; request: StoreRequest };

let worker: Worker | null = null;
/** Set once the worker could not start: every later sync runs on this thread. */
let workerFailed = typeof Worker === "undefined";
let nextId = 1;
const pending = new Map<number, Pending>();

/** Syncs on this thread (the database is open: syncInWorker opened it). */
function syncHere({ options }: StoreRequest): Promise<WalkResult> {
  return walkSync(db.backendDB(), fetch, options);
}

function startWorker(): Worker {
  const started = new Worker(new URL("./sync-store.worker.ts", import.meta.url), {
    type: "module",
    name: "sync-store",
  });
  started.onmessage = ({ data }: MessageEvent<StoreReply>) => {
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    if (data.ok) waiting.resolve(data.result);
    else waiting.reject(new Error(data.error));
  };
  // The worker's script failed to load or run: sync here what it was asked, and stop using it.
  started.onerror = (event) => {
    event.preventDefault();
    workerFailed = true;
    started.terminate();
    worker = null;
    const stranded = [...pending.values()];
    pending.clear();
    for (const { request, resolve, reject } of stranded) syncHere(request).then(resolve, reject);
  };
  return started;
}

function runInWorker(request: StoreRequest): Promise<WalkResult> {
  worker ??= startWorker();
  const target = worker;
  return new Promise((resolve, reject) => {
    pending.set(request.id, { resolve, reject, request });
    target.postMessage(request);
  });
}

/** Syncs the app's catalog from the worker (or here, without one); when something was stored, tells the page's
 * live queries, once for the whole walk. */
export async function syncInWorker(options: WalkOptions): Promise<WalkResult> {
  // Dexie creates (or upgrades) the database with its schema; the worker only opens it as it is.
  await db.open();
  const request: StoreRequest = { id: nextId++, dbName: db.name, options };
  const result = await (workerFailed ? syncHere(request) : runInWorker(request));
  if (result === "stored") announceCatalogChange(db);
  return result;
}
