/** What the search overlay searches for and finds: the box's text (debounced), the filters and the sort, and the
 * results or, before anything is typed, the popular products. */
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import type { Currency, Rates } from "@store/shared/currency";
import {
  popularProducts,
  searchProducts,
  type SearchHits,
  type SearchIndex,
  type SearchSort,
} from "./search-engine.ts";
import { NO_FILTERS, type SearchFilters } from "./search-filters.ts";
import { useDebouncedValue } from "./use-debounced-value.ts";

const SEARCH_DEBOUNCE_MS = 275;

export function useSearchQuery(index: SearchIndex | null, currency: Currency, rates: Rates) {
  const [query, setQuery] = useState("");
  const [debounced, flush] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<SearchFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SearchSort>("relevance");
  // Clearing the box clears results at once; typing waits for the debounce.
  const activeQuery = query.trim() === "" ? "" : debounced.trim();

  // Keystrokes and chip presses paint at once; the search itself renders as a transition after them.
  const listQuery = useDeferredValue(activeQuery);
  const listFilters = useDeferredValue(filters);
  const listSort = useDeferredValue(sort);
  const runSearch = useCallback(
    (q: string, f: SearchFilters, s: SearchSort): SearchHits =>
      index && q ? searchProducts(index, { query: q, filters: f, sort: s, currency, rates }) : [],
    [index, currency, rates],
  );
  const results = useMemo(
    () => runSearch(listQuery, listFilters, listSort),
    [runSearch, listQuery, listFilters, listSort],
  );
  const popular = useMemo(() => (index ? popularProducts(index, listFilters) : []), [index, listFilters]);

  /** The list as the box reads right now, even before the deferred list has caught up (Enter pressed early). */
  const listNow = (): { list: SearchHits; current: boolean } => {
    const q = query.trim();
    const current = q === listQuery && filters === listFilters && sort === listSort;
    return { list: current ? (listQuery ? results : popular) : runSearch(q, filters, sort), current };
  };
  /** Sets the box's text and searches it at once, without the debounce. */
  const searchNow = (q: string) => {
    setQuery(q);
    flush(q);
  };

  return {
    query,
    setQuery,
    searchNow,
    /** Adopts the box's text at once when the debounce has not caught up. */
    settle: () => {
      if (query.trim() !== activeQuery) flush(query);
    },
    filters,
    setFilters,
    sort,
    setSort,
    listQuery,
    listFilters,
    results,
    popular,
    /** What the list shows: the results of a query, else the popular products. */
    options: listQuery ? results : popular,
    activeQuery,
    listNow,
  };
}
