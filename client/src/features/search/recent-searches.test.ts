import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { storeDbPerTest } from "../../test/store-db.ts";
import { withRecentSearch } from "./recent-searches.ts";
import { clearRecentSearches, loadRecentSearches, saveRecentSearch } from "./recent-searches-store.ts";

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
