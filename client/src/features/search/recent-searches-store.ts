/** Recent searches kept in IndexedDB (docs/decisions.md D2), one row per query with the time it was last submitted.
 * A submitted query is first written synchronously to localStorage, then stored in IndexedDB: a page left or
 * reloaded right after Enter ends an IndexedDB transaction that had not committed, never the synchronous write, and
 * the next read finishes the job. */
import { useEffect } from "react";
import { useLiveQuery } from "dexie-react-hooks";
import { db as defaultDb, type StoreDb } from "../../local/db.ts";
import { mergeRecentSearches, RECENT_SEARCHES_KEPT, withRecentSearch, type TimedSearch } from "./recent-searches.ts";

const NONE: string[] = [];

/** The localStorage key of searches submitted but not yet in IndexedDB. */
export const PENDING_SEARCHES_KEY = "recentSearches.pending";

/** Where the pending searches are written; null where the browser has no usable localStorage. */
export type PendingStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function defaultStorage(): PendingStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readPendingSearches(storage = defaultStorage()): TimedSearch[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(PENDING_SEARCHES_KEY) ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is TimedSearch =>
        typeof item === "object" &&
        item !== null &&
        typeof (item as TimedSearch).query === "string" &&
        typeof (item as TimedSearch).at === "number",
    );
  } catch {
    return [];
  }
}

function writePendingSearches(list: readonly TimedSearch[], storage = defaultStorage()): void {
  try {
    if (list.length === 0) storage?.removeItem(PENDING_SEARCHES_KEY);
    else storage?.setItem(PENDING_SEARCHES_KEY, JSON.stringify(list.slice(-RECENT_SEARCHES_KEPT)));
  } catch {
    // A full or blocked localStorage: IndexedDB's write is still under way.
  }
}

function dropPending(done: TimedSearch, storage = defaultStorage()): void {
  writePendingSearches(
    readPendingSearches(storage).filter((item) => item.query !== done.query || item.at !== done.at),
    storage,
  );
}

/** The recent searches, newest first: IndexedDB's and those still pending. */
export async function loadRecentSearches(db: StoreDb = defaultDb, storage = defaultStorage()): Promise<string[]> {
  const rows = await db.recentSearches.orderBy("at").reverse().limit(RECENT_SEARCHES_KEPT).toArray();
  return mergeRecentSearches(rows, readPendingSearches(storage));
}

/** Records a submitted query at once (synchronously, so leaving the page cannot lose it), then stores it in
 * IndexedDB; the returned promise settles once it is stored. */
export function rememberRecentSearch(
  query: string,
  db: StoreDb = defaultDb,
  storage = defaultStorage(),
  now = Date.now(),
): Promise<void> {
  const q = query.trim();
  if (!q) return Promise.resolve();
  const entry = { query: q, at: now };
  writePendingSearches([...readPendingSearches(storage), entry], storage);
  return saveRecentSearch(q, db, now).then(() => dropPending(entry, storage));
}

/** Stores in IndexedDB the searches an earlier page recorded but left before storing. */
export async function storePendingSearches(db: StoreDb = defaultDb, storage = defaultStorage()): Promise<void> {
  for (const entry of readPendingSearches(storage)) {
    await saveRecentSearch(entry.query, db, entry.at);
    dropPending(entry, storage);
  }
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

export async function clearRecentSearches(db: StoreDb = defaultDb, storage = defaultStorage()): Promise<void> {
  writePendingSearches([], storage);
  await db.recentSearches.clear();
}

/** Recent searches, newest first; an unreadable store shows none rather than breaking the overlay. */
export function useRecentSearches(): string[] {
  useEffect(() => {
    void storePendingSearches().catch(() => {});
  }, []);
  return useLiveQuery(() => loadRecentSearches().catch(() => NONE), []) ?? NONE;
}
