/** The local catalog as a search index, with real read errors surfaced so the overlay can offer Retry. */
import { useCallback, useEffect, useState } from "react";
import { liveQuery } from "dexie";
import { db, META } from "../../local/db.ts";
import { buildSearchIndex, type SearchIndex } from "./search-engine.ts";

export type SearchCatalog =
  | { status: "loading" }
  /** No sync has landed yet: the only time the skeleton shows (docs/decisions.md D14). */
  | { status: "not-local" }
  | { status: "ready"; index: SearchIndex }
  | { status: "error" };

const LOADING: SearchCatalog = { status: "loading" };

// The index outlives the overlay: reopening search on an unchanged catalog costs no rebuild.
let cached: { version: unknown; index: SearchIndex } | null = null;

async function readCatalog(): Promise<SearchIndex | null> {
  const version = (await db.meta.get(META.catalogVersion))?.value;
  if (version === undefined) return null;
  if (cached && cached.version === version) return cached.index;
  const [products, categories] = await db.transaction("r", [db.products, db.categories], () =>
    Promise.all([db.products.toArray(), db.categories.toArray()]),
  );
  const index = buildSearchIndex(products, categories, cached?.index);
  cached = { version, index };
  return index;
}

/** Follows the Dexie catalog live and rebuilds the index once per change (never per keystroke). */
export function useSearchCatalog(): { catalog: SearchCatalog; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [catalog, setCatalog] = useState<SearchCatalog>(LOADING);

  useEffect(() => {
    const subscription = liveQuery(readCatalog).subscribe({
      next: (index) => setCatalog(index ? { status: "ready", index } : { status: "not-local" }),
      error: () => setCatalog({ status: "error" }),
    });
    return () => subscription.unsubscribe();
  }, [attempt]);

  const retry = useCallback(() => {
    setCatalog(LOADING);
    setAttempt((n) => n + 1);
  }, []);

  return { catalog, retry };
}
