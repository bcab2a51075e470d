/**
 * Builds the search index off the main thread (see search-index-client.ts): reads the stored catalog with
 * IndexedDB itself, folds it into the index and hands the index to the page as typed arrays. It keeps its last
 * build's folded texts, their words and its order, so the next one folds, cuts and sorts only the products that
 * changed.
 */
import { openExisting, readCatalogSnapshot } from "../../local/idb-raw.ts";
import { buildSearchIndex, type SearchIndex } from "./search-engine.ts";
import { packSearchIndex } from "./search-index-transfer.ts";
import type { IndexReply, IndexRequest } from "./search-index-client.ts";

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<IndexRequest>) => void) | null;
  postMessage: (reply: IndexReply, transfer: Transferable[]) => void;
};

let previous: Pick<SearchIndex, "folds" | "entries"> | undefined;

async function build({ id, dbName, lang }: IndexRequest): Promise<void> {
  const idb = await openExisting(dbName);
  const snapshot = await readCatalogSnapshot(idb).finally(() => idb.close());
  if (snapshot.version === undefined) {
    scope.postMessage({ id, ok: true, result: null }, []);
    return;
  }
  const index = buildSearchIndex(snapshot.products, snapshot.categories, previous, lang);
  previous = { folds: index.folds, entries: index.entries };
  const { packed, transfer } = packSearchIndex(index, snapshot.version, lang);
  scope.postMessage({ id, ok: true, result: packed }, transfer);
}

scope.onmessage = ({ data }) => {
  build(data).catch((error: unknown) => scope.postMessage({ id: data.id, ok: false, error: String(error) }, []));
};
