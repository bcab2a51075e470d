/** Runs the catalog sync off the main thread (see sync-store-client.ts): fetches the pages, parses them and stores
 * them in the app's IndexedDB with IndexedDB itself. The page created the database (with Dexie's schema) before
 * asking, and announces the change to its live queries once told it is stored. */
import { openExisting } from "./idb-raw.ts";
import { walkSync } from "./sync-walk.ts";
import type { StoreReply, StoreRequest } from "./sync-store-client.ts";

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<StoreRequest>) => void) | null;
  postMessage: (reply: StoreReply) => void;
};

async function sync({ dbName, options }: StoreRequest) {
  const idb = await openExisting(dbName);
  try {
    return await walkSync(idb, options);
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
