/** The local catalog as a search index, with real read errors surfaced so the overlay can offer Retry. */
import { useCallback, useEffect, useState } from "react";
import { liveQuery } from "dexie";
import { db, META } from "../../local/db.ts";
import type { SearchIndex } from "./search-engine.ts";
import { buildCatalogIndex, type BuiltIndex } from "./search-index-client.ts";
import { useLang } from "../prefs/prefs-store.ts";

export type SearchCatalog =
  | { status: "loading" }
  /** No sync has landed yet: the only time the skeleton shows (docs/decisions.md D14). */
  | { status: "not-local" }
  | { status: "ready"; index: SearchIndex }
  | { status: "error" };

const LOADING: SearchCatalog = { status: "loading" };

// The index outlives the overlay: reopening search on an unchanged catalog costs no rebuild.
let cached: BuiltIndex | null = null;
let building: Promise<BuiltIndex | null> | null = null;

/** Whether an index built at catalog version `built` serves version `wanted` (it is that version or later). */
const serves = (built: unknown, wanted: unknown) =>
  built === wanted || (typeof built === "number" && typeof wanted === "number" && built > wanted);

/** Whether an index serves the catalog at `version` in the shopper's language `lang`. */
const fits = (built: BuiltIndex, version: unknown, lang: string): boolean =>
  built.lang === lang && serves(built.version, version);

/**
 * The index of the stored catalog at `version` or later, in `lang` (docs/product.md, "Catalog languages"): the kept
 * one, or one build shared by every caller (built again when the build under way had started before `version` was
 * stored, or for another language).
 */
async function indexFor(version: unknown, lang: string): Promise<SearchIndex | null> {
  for (let tries = 0; tries < 3; tries++) {
    if (cached && fits(cached, version, lang)) return cached.index;
    building ??= buildCatalogIndex(lang).finally(() => (building = null));
    const built = await building;
    if (!built) return null;
    if (!cached || cached.lang !== built.lang || serves(built.version, cached.version)) cached = built;
    if (fits(built, version, lang)) return built.index;
  }
  return cached?.lang === lang ? cached.index : null;
}

/** Follows the stored catalog version live and builds the index once per change (never per keystroke). */
export function useSearchCatalog(): { catalog: SearchCatalog; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [catalog, setCatalog] = useState<SearchCatalog>(LOADING);
  const lang = useLang();

  useEffect(() => {
    let latest = 0;
    const subscription = liveQuery(() => db.meta.get(META.catalogVersion)).subscribe({
      next: (row) => {
        const asked = ++latest;
        const answer = (next: SearchCatalog) => {
          if (asked === latest) setCatalog(next);
        };
        if (row?.value === undefined) return answer({ status: "not-local" });
        indexFor(row.value, lang).then(
          (index) => answer(index ? { status: "ready", index } : { status: "not-local" }),
          () => answer({ status: "error" }),
        );
      },
      error: () => setCatalog({ status: "error" }),
    });
    return () => {
      latest = -1;
      subscription.unsubscribe();
    };
  }, [attempt, lang]);

  const retry = useCallback(() => {
    setCatalog(LOADING);
    setAttempt((n) => n + 1);
  }, []);

  return { catalog, retry };
}
