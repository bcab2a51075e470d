/** The page's side of the sync-store worker: hands it a sync answer, waits until it is stored, then tells
 * the page's live queries. Where workers are missing or fail to start, the answer is stored on this
 * thread instead. */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { announceCatalogChange } from "./apply-sync.ts";
import { db } from "./db.ts";
import { writeSyncAnswer } from "./sync-write.ts";

export interface StoreRequest {
  id: number;
  dbName: string;
  res: SyncResponse;
  etag: string | null;
}

export type StoreReply = { id: number; ok: true } | { id: number; ok: false; error: string };

type Pending = { resolve: () => void; reject: (error: Error) => void; request: StoreRequest };

let worker: Worker | null = null;
/** Set once the worker could not start: every later answer is stored on this thread. */
let workerFailed = typeof Worker === "undefined";
let nextId = 1;
const pending = new Map<number, Pending>();

/** Writes the answer on this thread (the database is open: storeInWorker opened it). */
function writeHere({ res, etag }: StoreRequest): Promise<void> {
  return writeSyncAnswer(db.backendDB(), res, etag);
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
    if (data.ok) waiting.resolve();
    else waiting.reject(new Error(data.error));
  };
  // The worker's script failed to load or run: store what it was given here, and stop using it.
  started.onerror = (event) => {
    event.preventDefault();
    workerFailed = true;
    started.terminate();
    worker = null;
    const stranded = [...pending.values()];
    pending.clear();
    for (const { request, resolve, reject } of stranded) writeHere(request).then(resolve, reject);
  };
  return started;
}

function writeInWorker(request: StoreRequest): Promise<void> {
  worker ??= startWorker();
  const target = worker;
  return new Promise((resolve, reject) => {
    pending.set(request.id, { resolve, reject, request });
    target.postMessage(request);
  });
}

/** Stores a sync answer in the app's database from the worker (or here, without one), then tells the
 * page's live queries. */
export async function storeInWorker(res: SyncResponse, etag: string | null): Promise<void> {
  // Dexie creates (or upgrades) the database with its schema; the worker only opens it as it is.
  await db.open();
  const request: StoreRequest = { id: nextId++, dbName: db.name, res, etag };
  await (workerFailed ? writeHere(request) : writeInWorker(request));
  announceCatalogChange(db);
}
