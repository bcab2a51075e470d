/** Runs the catalog sync off the main thread (see sync-store-client.ts): fetches the pages, parses them and stores
 * them in the app's IndexedDB with IndexedDB itself. The page created the database (with Dexie's schema) before
 * asking, and announces the change to its live queries once told it is stored. */
import { walkSync } from "./sync-walk.ts";
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

async function sync({ dbName, options }: StoreRequest) {
  const idb = await openExisting(dbName);
  // A later version of the app may need to upgrade the database: give the connection up when asked.
  idb.onversionchange = () => idb.close();
  try {
    return await walkSync(idb, fetch, options);
  } finally {
    idb.close();
  }
}

scope.onmessage = ({ data }) => {
  sync(data).then(
    (result) => scope.postMessage({ id: data.id, ok: true, result }),
    (error: unknown) => scope.postMessage({ id: data.id, ok: false, error: String(error) }),
  );
};
