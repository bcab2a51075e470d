/** Recent searches (docs/product.md, "Preferences"): 5 kept, newest first, no duplicates ignoring case. */
export const RECENT_SEARCHES_KEPT = 5;

/** The list after submitting `query`; blank queries leave it unchanged. */
export function withRecentSearch(list: readonly string[], query: string, kept = RECENT_SEARCHES_KEPT): string[] {
  const q = query.trim();
  if (!q) return [...list];
  const folded = q.toLowerCase();
  return [q, ...list.filter((item) => item.toLowerCase() !== folded)].slice(0, kept);
}
