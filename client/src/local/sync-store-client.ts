/** The page's side of the sync-store worker: asks it to sync the catalog (fetching, parsing and storing every
 * page off the main thread), waits for the outcome, then tells the page's live queries. Where workers are
 * missing or fail to start, the sync runs on this thread instead. */
import { announceCatalogChange } from "./apply-sync.ts";
import { db } from "./db.ts";
import { walkSync, type WalkOptions, type WalkResult } from "./sync-walk.ts";
import { workerCalls, type WorkerReply, type WorkerRequest } from "./worker-calls.ts";

/** What the worker is asked: the database to store into and how to walk. */
interface SyncAsk {
  dbName: string;
  options: WalkOptions;
}

export type StoreRequest = WorkerRequest<SyncAsk>;

export type StoreReply = WorkerReply<WalkResult>;

/** Syncs on this thread (the database is open: syncInWorker opened it). */
function syncHere({ options }: SyncAsk): Promise<WalkResult> {
  return walkSync(db.backendDB(), options);
}

const syncCall = workerCalls(
  () => new Worker(new URL("./sync-store.worker.ts", import.meta.url), { type: "module", name: "sync-store" }),
  syncHere,
  (result: WalkResult) => result,
);

/** Syncs the app's catalog from the worker (or here, without one); when something was stored, tells the page's
 * live queries, once for the whole walk. */
export async function syncInWorker(options: WalkOptions): Promise<WalkResult> {
  // Dexie creates (or upgrades) the database with its schema; the worker only opens it as it is.
  await db.open();
  const result = await syncCall({ dbName: db.name, options });
  if (result === "stored") announceCatalogChange(db);
  return result;
}
