/**
 * The page's side of the search-index worker: asks it to build the index of the stored catalog (reading and
 * folding 50,000 products takes the main thread a second or more), and unpacks the answer. Where workers are
 * missing or fail to start, the index is built on this thread instead.
 */
import { db, META } from "../../local/db.ts";
import { buildSearchIndex, type SearchIndex } from "./search-engine.ts";
import { unpackSearchIndex, type PackedSearchIndex } from "./search-index-transfer.ts";
import { workerCalls, type WorkerReply, type WorkerRequest } from "../../local/worker-calls.ts";

/** `lang`: the shopper's language, whose catalog texts are indexed. */
export type IndexRequest = WorkerRequest<{ dbName: string; lang: string }>;

export type IndexReply = WorkerReply<PackedSearchIndex | null>;

/** An index and the catalog version it was built from. */
export interface BuiltIndex {
  version: unknown;
  lang: string;
  index: SearchIndex;
}

/** The last index built on this thread, whose folded texts the next build here reuses. */
let builtHere: SearchIndex | undefined;

/** Builds on this thread from the catalog as Dexie reads it. */
async function buildHere({ lang }: { dbName: string; lang: string }): Promise<BuiltIndex | null> {
  const [version, products, categories] = await db.transaction("r", [db.meta, db.products, db.categories], () =>
    Promise.all([
      db.meta.get(META.catalogVersion).then((row) => row?.value),
      db.products.toArray(),
      db.categories.toArray(),
    ]),
  );
  if (version === undefined) return null;
  builtHere = buildSearchIndex(products, categories, builtHere, lang);
  return { version, lang, index: builtHere };
}

const buildCall = workerCalls(
  () => new Worker(new URL("./search-index.worker.ts", import.meta.url), { type: "module", name: "search-index" }),
  buildHere,
  (packed: PackedSearchIndex | null): BuiltIndex | null =>
    packed ? { version: packed.version, lang: packed.lang, index: unpackSearchIndex(packed) } : null,
);

/** The search index of the stored catalog (null before the first sync landed), built off the main thread. */
export async function buildCatalogIndex(lang: string): Promise<BuiltIndex | null> {
  // Dexie creates (or upgrades) the database with its schema; the worker only opens it as it is.
  await db.open();
  return buildCall({ dbName: db.name, lang });
}
