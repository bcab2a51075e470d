/**
 * The search overlay (docs/product.md, "Search overlay"; docs/decisions.md D14): on-device search over the local
 * catalog, loaded on demand by the header. A dialog on desktop, a full-height bottom sheet on mobile.
 */
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { Product } from "@store/shared/schemas/catalog";
import { defaultVariant, priceView } from "../catalog/pricing.ts";
import { usePricing } from "../catalog/use-money.ts";
import { searchAnalytics } from "./search-analytics.ts";
import { popularProducts, searchProducts, type SearchSort } from "./search-engine.ts";
import { NO_FILTERS, hasFilters, type SearchFilters } from "./search-filters.ts";
import { SearchFiltersBar, type FilterChange } from "./search-filters-bar.tsx";
import { SearchResultRow, SearchSkeleton, optionId } from "./search-result-row.tsx";
import { clearRecentSearches, rememberRecentSearch, useRecentSearches } from "./recent-searches-store.ts";
import { useDebouncedValue } from "./use-debounced-value.ts";
import { useSearchCatalog } from "./use-search-catalog.ts";
import { closeOnBackdrop, closeOnCancel, useModal } from "../../ui/dialog.tsx";
import "./search-overlay.css";
import { ClearIcon, SearchIcon } from "../../ui/icons.tsx";

const SEARCH_DEBOUNCE_MS = 275;
const PAGE_SIZE = 20;
const SKELETON_ROWS = 6;
/** Scrolling past this share of the list shows the next page. */
const GROW_AT = 0.75;

export interface SearchOverlayProps {
  open: boolean;
  onClose: () => void;
}

export function SearchOverlay({ open, onClose }: SearchOverlayProps) {
  return open ? <SearchDialog onClose={onClose} /> : null;
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const titleId = useId();
  const listId = useId();
  const { currency, rates, money } = usePricing();
  const recent = useRecentSearches();
  const { catalog, retry } = useSearchCatalog();

  const [query, setQuery] = useState("");
  const [debounced, flush] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<SearchFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SearchSort>("relevance");

  // A native modal <dialog>: the top layer (no ancestor clips it), focus kept inside, Escape to close.
  const dialogRef = useModal(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The opener gets focus back on close, unless a result was opened (the new page takes it).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const restoreFocus = useRef(true);

  const index = catalog.status === "ready" ? catalog.index : null;
  // Clearing the box clears results at once; typing waits for the debounce.
  const activeQuery = query.trim() === "" ? "" : debounced.trim();

  // Keystrokes and chip presses paint at once; the search itself renders as a transition after them.
  const listQuery = useDeferredValue(activeQuery);
  const listFilters = useDeferredValue(filters);
  const listSort = useDeferredValue(sort);
  const runSearch = useCallback(
    (q: string, f: SearchFilters, s: SearchSort) =>
      index && q ? searchProducts(index, { query: q, filters: f, sort: s, currency, rates }) : [],
    [index, currency, rates],
  );
  const results = useMemo(
    () => runSearch(listQuery, listFilters, listSort),
    [runSearch, listQuery, listFilters, listSort],
  );
  const popular = useMemo(() => (index ? popularProducts(index, listFilters) : []), [index, listFilters]);
  const options = listQuery ? results : popular;

  // Paging and highlight restart whenever the list itself changes.
  const [listFor, setListFor] = useState(options);
  const [visible, setVisible] = useState(PAGE_SIZE);
  const [active, setActive] = useState(activeQuery ? 0 : -1);
  if (listFor !== options) {
    setListFor(options);
    setVisible(PAGE_SIZE);
    setActive(listQuery && options.length > 0 ? 0 : -1);
  }
  const shown = options.slice(0, visible);

  useEffect(() => {
    searchAnalytics.track("search_opened");
    inputRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previousOverflow;
      if (restoreFocus.current && opener?.isConnected) opener.focus();
    };
  }, [opener]);

  const tracked = useRef("");
  useEffect(() => {
    if (!listQuery || !index || tracked.current === listQuery) return;
    tracked.current = listQuery;
    searchAnalytics.track("search_typed", { query: listQuery, results: results.length });
    if (results.length === 0) searchAnalytics.track("search_empty", { query: listQuery });
  }, [listQuery, index, results]);

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);

  // A list too short to scroll cannot be scrolled past 75%: keep filling until it can.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && visible < options.length && el.scrollHeight <= el.clientHeight) setVisible((v) => v + PAGE_SIZE);
  }, [visible, options.length]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el || visible >= options.length) return;
    if ((el.scrollTop + el.clientHeight) / el.scrollHeight > GROW_AT)
      setVisible((v) => Math.min(options.length, v + PAGE_SIZE));
  };

  const remember = (q: string) => {
    if (q.trim()) void rememberRecentSearch(q).catch(() => {});
  };

  // Read through a ref so the callback, and with it every memoized row, survives keystrokes.
  const queryRef = useRef(query);
  useLayoutEffect(() => {
    queryRef.current = query;
  }, [query]);
  const openResult = useCallback(
    (product: Product, position: number) => {
      const q = queryRef.current.trim();
      searchAnalytics.track("search_result_view", { id: product.id, position, query: q });
      if (q) void rememberRecentSearch(q).catch(() => {});
      restoreFocus.current = false;
      onClose();
    },
    [onClose],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (options.length === 0) return;
      const next = e.key === "ArrowDown" ? Math.min(options.length - 1, active + 1) : Math.max(0, active - 1);
      if (next >= visible - 1) setVisible((v) => Math.min(options.length, v + PAGE_SIZE));
      setActive(next);
    } else if (e.key === "Enter") {
      e.preventDefault();
      const q = query.trim();
      // Enter before the list caught up with the box: search the text as typed right now.
      const current = q === listQuery && filters === listFilters && sort === listSort;
      const list = current ? options : runSearch(q, filters, sort);
      const pick = current ? active : list.length > 0 ? 0 : -1;
      if (q !== activeQuery) flush(query);
      const product = pick >= 0 ? list.at(pick) : undefined;
      if (product) {
        openResult(product, pick);
        void navigate({ to: "/product/$id", params: { id: product.id } });
      } else {
        remember(q);
      }
    }
  };

  const onFilters = useCallback((next: SearchFilters, change: FilterChange) => {
    setFilters(next);
    searchAnalytics.track("search_filter_applied", change);
  }, []);
  const onSort = useCallback((next: SearchSort) => {
    setSort(next);
    searchAnalytics.track("search_filter_applied", { filter: "sort", value: next, active: true });
  }, []);

  const clear = () => {
    setQuery("");
    flush("");
    inputRef.current?.focus();
  };

  const pickRecent = (q: string) => {
    setQuery(q);
    flush(q);
    remember(q);
    inputRef.current?.focus();
  };

  const showOptions = catalog.status === "ready" && options.length > 0;
  const activeId = active >= 0 && active < shown.length ? optionId(active) : undefined;
  const priceOf = (product: Product) =>
    money(priceView(product, currency, rates, defaultVariant(product)).now, currency);

  let body: ReactNode;
  if (catalog.status === "error") {
    body = (
      <p className="search-overlay__message" role="alert">
        <Trans>Couldn't fetch results.</Trans>{" "}
        <button type="button" className="btn btn--secondary btn--sm" onClick={retry}>
          <Trans>Retry</Trans>
        </button>
      </p>
    );
  } else if (catalog.status === "not-local") {
    body = <SearchSkeleton rows={SKELETON_ROWS} />;
  } else if (catalog.status === "loading") {
    body = null;
  } else if (listQuery && results.length === 0) {
    body = (
      <p className="search-overlay__message">
        <Trans>
          No results for <strong>{listQuery}</strong>
        </Trans>
      </p>
    );
  } else {
    body = null;
  }

  const list = showOptions ? (
    <div
      id={listId}
      role="listbox"
      aria-label={listQuery ? t`Results` : t`popular now`}
      className="search-overlay__list"
    >
      {shown.map((product, i) => (
        <SearchResultRow
          key={product.id}
          product={product}
          index={i}
          active={i === active}
          price={priceOf(product)}
          onOpen={openResult}
          onHover={setActive}
        />
      ))}
    </div>
  ) : null;

  return (
    <dialog
      ref={dialogRef}
      className="search-overlay__dialog"
      aria-labelledby={titleId}
      onCancel={closeOnCancel(onClose)}
      onMouseDown={closeOnBackdrop(onClose)}
    >
      <h2 id={titleId} className="visually-hidden">
        <Trans>Search products</Trans>
      </h2>
      <div className="search-overlay__bar">
        <SearchIcon className="search-overlay__icon" size={20} />
        <input
          ref={inputRef}
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          className="search-overlay__input"
          role="combobox"
          aria-label={t`Search products`}
          aria-expanded={showOptions}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          placeholder={t`Search games, gift cards…`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {query ? (
          <button type="button" className="btn btn--ghost btn--icon" aria-label={t`Clear search`} onClick={clear}>
            <ClearIcon />
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--ghost btn--sm search-overlay__close"
          aria-label={t`Close search`}
          onClick={onClose}
        >
          <span aria-hidden="true">
            <Trans comment="The Escape key's label on a keyboard">Esc</Trans>
          </span>
        </button>
      </div>

      <SearchFiltersBar filters={filters} sort={sort} onFilters={onFilters} onSort={onSort} />

      <p className="search-overlay__count" role="status" aria-live="polite" aria-atomic="true">
        {listQuery && catalog.status === "ready" ? plural(results.length, { one: "# result", other: "# results" }) : ""}
      </p>

      <div ref={scrollRef} className="search-overlay__scroll" onScroll={onScroll}>
        {body}
        {catalog.status === "ready" && !listQuery ? (
          <>
            {recent.length > 0 ? (
              <section className="search-overlay__section" aria-labelledby={`${titleId}-recent`}>
                <div className="search-overlay__section-head">
                  <h3 id={`${titleId}-recent`}>
                    <Trans>Recent searches</Trans>
                  </h3>
                  <button
                    type="button"
                    className="btn btn--link btn--sm"
                    onClick={() => void clearRecentSearches().catch(() => {})}
                  >
                    <Trans>Clear all</Trans>
                  </button>
                </div>
                <ul className="search-overlay__recent">
                  {recent.map((q) => (
                    <li key={q}>
                      <button type="button" className="search-chip" onClick={() => pickRecent(q)}>
                        {q}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {popular.length > 0 ? (
              <section className="search-overlay__section" aria-labelledby={`${titleId}-popular`}>
                <h3 id={`${titleId}-popular`} className="search-overlay__popular-title">
                  <Trans>popular now</Trans>
                </h3>
                {list}
              </section>
            ) : null}
          </>
        ) : (
          list
        )}
        {hasFilters(listFilters) && !listQuery && popular.length === 0 && catalog.status === "ready" ? (
          <p className="search-overlay__message">
            <Trans>No popular products match these filters.</Trans>
          </p>
        ) : null}
        {listQuery && showOptions && visible >= results.length ? (
          <p className="search-overlay__end">
            <Trans>— End —</Trans>
          </p>
        ) : null}
      </div>
    </dialog>
  );
}
