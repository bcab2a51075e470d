/** Recent searches kept in IndexedDB (docs/decisions.md D2), one row per query with the time it was last submitted. */
import { useLiveQuery } from "dexie-react-hooks";
import { db as defaultDb, type StoreDb } from "../../local/db.ts";
import { RECENT_SEARCHES_KEPT, withRecentSearch } from "./recent-searches.ts";

const NONE: string[] = [];

export async function loadRecentSearches(db: StoreDb = defaultDb): Promise<string[]> {
  const rows = await db.recentSearches.orderBy("at").reverse().limit(RECENT_SEARCHES_KEPT).toArray();
  return rows.map((row) => row.query);
}

/** Stores a submitted query: newest first, case-insensitive duplicates replaced, 5 kept. */
export async function saveRecentSearch(query: string, db: StoreDb = defaultDb, now = Date.now()): Promise<void> {
  const q = query.trim();
  if (!q) return;
  await db.transaction("rw", db.recentSearches, async () => {
    const rows = await db.recentSearches.orderBy("at").reverse().toArray();
    const queries = rows.map((row) => row.query);
    const keep = withRecentSearch(queries, q);
    await db.recentSearches.bulkDelete(queries.filter((old) => !keep.includes(old)));
    // Always newest, even if the clock went backwards since the last search.
    const newest = rows[0]?.at ?? 0;
    await db.recentSearches.put({ query: q, at: Math.max(now, newest + 1) });
  });
}

export async function clearRecentSearches(db: StoreDb = defaultDb): Promise<void> {
  await db.recentSearches.clear();
}

/** Recent searches, newest first; an unreadable store shows none rather than breaking the overlay. */
export function useRecentSearches(): string[] {
  return useLiveQuery(() => loadRecentSearches().catch(() => NONE), []) ?? NONE;
}
