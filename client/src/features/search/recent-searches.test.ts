import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { storeDbPerTest } from "../../test/store-db.ts";
import { mergeRecentSearches, withRecentSearch } from "./recent-searches.ts";
import {
  clearRecentSearches,
  loadRecentSearches,
  PENDING_SEARCHES_KEY,
  readPendingSearches,
  rememberRecentSearch,
  saveRecentSearch,
  storePendingSearches,
  type PendingStorage,
} from "./recent-searches-store.ts";

/** An in-memory localStorage. */
function memoryStorage(): PendingStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe("withRecentSearch", () => {
  it("puts the newest query first and keeps 5", () => {
    let list: string[] = [];
    for (const q of ["a", "b", "c", "d", "e", "f"]) list = withRecentSearch(list, q);
    expect(list).toEqual(["f", "e", "d", "c", "b"]);
  });

  it("moves a repeated query to the front without duplicating it, ignoring case", () => {
    expect(withRecentSearch(["steam", "elden"], "  Elden ")).toEqual(["Elden", "steam"]);
  });

  it("ignores blank queries", () => {
    expect(withRecentSearch(["steam"], "   ")).toEqual(["steam"]);
  });
});

describe("recent searches in IndexedDB", () => {
  const db = storeDbPerTest("recent-test");

  it("stores submitted queries newest first, 5 kept, no case-insensitive duplicates", async () => {
    let t = 1000;
    for (const q of ["zelda", "steam", "Elden", "psn", "xbox", "fifa", "ELDEN"])
      await saveRecentSearch(q, db(), (t += 10));
    expect(await loadRecentSearches(db())).toEqual(["ELDEN", "fifa", "xbox", "psn", "steam"]);
    expect(await db().recentSearches.count()).toBe(5);
  });

  it("keeps the newest first even when the clock goes backwards", async () => {
    await saveRecentSearch("first", db(), 5000);
    await saveRecentSearch("second", db(), 1000);
    expect(await loadRecentSearches(db())).toEqual(["second", "first"]);
  });

  it("does not store a blank query", async () => {
    await saveRecentSearch("  ", db());
    expect(await loadRecentSearches(db())).toEqual([]);
  });

  it("clears them all", async () => {
    await saveRecentSearch("steam", db());
    await clearRecentSearches(db());
    expect(await loadRecentSearches(db())).toEqual([]);
  });
});

describe("mergeRecentSearches", () => {
  it("takes stored and pending searches in the order they were submitted", () => {
    const stored = [
      { query: "steam", at: 30 },
      { query: "zelda", at: 10 },
    ];
    expect(
      mergeRecentSearches(stored, [
        { query: "Zelda", at: 40 },
        { query: "psn", at: 20 },
      ]),
    ).toEqual(["Zelda", "steam", "psn"]);
  });
});

describe("a search submitted right before the page is left", () => {
  const db = storeDbPerTest("recent-pending-test");

  it("is written synchronously first, then stored, and the pending copy goes", async () => {
    const storage = memoryStorage();
    const stored = rememberRecentSearch("elden", db(), storage, 1000);
    // Before IndexedDB answers, the search is already kept.
    expect(readPendingSearches(storage)).toEqual([{ query: "elden", at: 1000 }]);
    await stored;
    expect(storage.items.has(PENDING_SEARCHES_KEY)).toBe(false);
    expect(await loadRecentSearches(db(), storage)).toEqual(["elden"]);
  });

  it("shows a search whose IndexedDB write never happened, and stores it on the next visit", async () => {
    const storage = memoryStorage();
    await saveRecentSearch("steam", db(), 500);
    // The page was left before its IndexedDB transaction committed: only the synchronous copy is there.
    storage.setItem(PENDING_SEARCHES_KEY, JSON.stringify([{ query: "zelda", at: 900 }]));
    expect(await loadRecentSearches(db(), storage)).toEqual(["zelda", "steam"]);
    await storePendingSearches(db(), storage);
    expect(storage.items.has(PENDING_SEARCHES_KEY)).toBe(false);
    expect(await loadRecentSearches(db(), storage)).toEqual(["zelda", "steam"]);
  });

  it("ignores an unreadable pending copy, and clearing removes the pending ones too", async () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_SEARCHES_KEY, "{not json");
    expect(await loadRecentSearches(db(), storage)).toEqual([]);
    storage.setItem(PENDING_SEARCHES_KEY, JSON.stringify([{ query: "psn", at: 1 }]));
    await clearRecentSearches(db(), storage);
    expect(await loadRecentSearches(db(), storage)).toEqual([]);
  });
});
