/** Stores sync answers in the app's IndexedDB off the main thread (see sync-store-client.ts), with
 * IndexedDB itself: the page created the database (with Dexie's schema) before asking, and announces the
 * change to its live queries once told it is stored. */
import { writeSyncAnswer } from "./sync-write.ts";
import type { StoreReply, StoreRequest } from "./sync-store-client.ts";

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<StoreRequest>) => void) | null;
  postMessage: (reply: StoreReply) => void;
};

/** Opens the page's database as it is; never creates or upgrades it (that is Dexie's job, on the page). */
function openExisting(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`${name} could not be opened`));
  });
}

async function store({ dbName, res, etag }: StoreRequest): Promise<void> {
  const idb = await openExisting(dbName);
  try {
    await writeSyncAnswer(idb, res, etag);
  } finally {
    // A later version of the app may need to upgrade the database: hold no connection between answers.
    idb.close();
  }
}

scope.onmessage = ({ data }) => {
  store(data).then(
    () => scope.postMessage({ id: data.id, ok: true }),
    (error: unknown) => scope.postMessage({ id: data.id, ok: false, error: String(error) }),
  );
};
