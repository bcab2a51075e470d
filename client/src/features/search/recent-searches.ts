/** Recent searches (docs/product.md, "Preferences"): 5 kept, newest first, no duplicates ignoring case. */
export const RECENT_SEARCHES_KEPT = 5;

/** The list after submitting `query`; blank queries leave it unchanged. */
export function withRecentSearch(list: readonly string[], query: string, kept = RECENT_SEARCHES_KEPT): string[] {
  const q = query.trim();
  if (!q) return [...list];
  const folded = q.toLowerCase();
  return [q, ...list.filter((item) => item.toLowerCase() !== folded)].slice(0, kept);
}

/** A submitted query and when: IndexedDB's rows, and the ones still waiting in the synchronous fallback. */
export interface TimedSearch {
  query: string;
  at: number;
}

/** The recent list from stored searches and ones not yet stored, each taken in the order it was submitted. */
export function mergeRecentSearches(
  stored: readonly TimedSearch[],
  pending: readonly TimedSearch[],
  kept = RECENT_SEARCHES_KEPT,
): string[] {
  const all = [...stored, ...pending].sort((a, b) => a.at - b.at);
  return all.reduce<string[]>((list, item) => withRecentSearch(list, item.query, kept), []);
}
