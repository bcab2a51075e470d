/** Stores sync answers in the app's IndexedDB off the main thread (see sync-store-client.ts). Dexie tells
 * the page's live queries about these writes itself (it broadcasts them to the origin's other contexts). */
import { applySync } from "./apply-sync.ts";
import { db } from "./db.ts";
import type { StoreReply, StoreRequest } from "./sync-store-client.ts";

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<StoreRequest>) => void) | null;
  postMessage: (reply: StoreReply) => void;
};

scope.onmessage = ({ data }) => {
  applySync(db, data.res, data.etag).then(
    () => scope.postMessage({ id: data.id, ok: true }),
    (error: unknown) => scope.postMessage({ id: data.id, ok: false, error: String(error) }),
  );
};
