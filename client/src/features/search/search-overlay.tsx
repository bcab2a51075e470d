/**
 * The search overlay (docs/product.md, "Search overlay"; docs/decisions.md D14): on-device search over the local
 * catalog, loaded on demand by the header. A dialog on desktop, a full-height bottom sheet on mobile. This file
 * lays the overlay out and handles its keys; what is searched and found is use-search-query.ts, the list's
 * paging and highlight use-result-list.ts.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { Product } from "@store/shared/schemas/catalog";
import { defaultVariant, priceView } from "../catalog/pricing.ts";
import { usePricing } from "../catalog/use-money.ts";
import { searchAnalytics } from "./search-analytics.ts";
import { hasFilters, type SearchFilters } from "./search-filters.ts";
import type { SearchSort } from "./search-engine.ts";
import { SearchFiltersBar, type FilterChange } from "./search-filters-bar.tsx";
import { SearchResultRow, optionId } from "./search-result-row.tsx";
import { rememberRecentSearch, useRecentSearches } from "./recent-searches-store.ts";
import { RecentSearchesSection } from "./recent-searches-section.tsx";
import { SearchMessage } from "./search-message.tsx";
import { useSearchCatalog } from "./use-search-catalog.ts";
import { useSearchQuery } from "./use-search-query.ts";
import { useResultList } from "./use-result-list.ts";
import { closeOnBackdrop, closeOnCancel, useModal } from "../../ui/dialog.tsx";
import "./search-overlay.css";
import { ClearIcon, SearchIcon } from "../../ui/icons.tsx";

export interface SearchOverlayProps {
  open: boolean;
  onClose: () => void;
}

export function SearchOverlay({ open, onClose }: SearchOverlayProps) {
  return open ? <SearchDialog onClose={onClose} /> : null;
}

/** Remembers a query in the recent searches (a failure to store it costs the shopper nothing). */
const remember = (q: string) => {
  if (q.trim()) void rememberRecentSearch(q).catch(() => {});
};

/** Reports each query the list settles on once, with how many results it found. */
function useTrackQueries(query: string, ready: boolean, found: number): void {
  const tracked = useRef("");
  useEffect(() => {
    if (!query || !ready || tracked.current === query) return;
    tracked.current = query;
    searchAnalytics.track("search_typed", { query, results: found });
    if (found === 0) searchAnalytics.track("search_empty", { query });
  }, [query, ready, found]);
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const titleId = useId();
  const listId = useId();
  const { currency, rates, money } = usePricing();
  const recent = useRecentSearches();
  const { catalog, retry } = useSearchCatalog();
  const index = catalog.status === "ready" ? catalog.index : null;
  const search = useSearchQuery(index, currency, rates);
  const { query, listQuery, results, popular, options } = search;

  // A native modal <dialog>: the top layer (no ancestor clips it), focus kept inside, Escape to close.
  const dialogRef = useModal(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = useResultList(options, listQuery !== "", scrollRef);
  // The opener gets focus back on close, unless a result was opened (the new page takes it).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const restoreFocus = useRef(true);

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
  useTrackQueries(listQuery, index !== null, results.length);

  // Read through a ref so the callback, and with it every memoized row, survives keystrokes.
  const queryRef = useRef(query);
  useLayoutEffect(() => {
    queryRef.current = query;
  }, [query]);
  const openResult = useCallback(
    (product: Product, position: number) => {
      const q = queryRef.current.trim();
      searchAnalytics.track("search_result_view", { id: product.id, position, query: q });
      remember(q);
      restoreFocus.current = false;
      onClose();
    },
    [onClose],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      list.move(e.key === "ArrowDown" ? 1 : -1);
    } else if (e.key === "Enter") {
      e.preventDefault();
      // Enter before the list caught up with the box: search the text as typed right now.
      const { list: now, current } = search.listNow();
      const pick = current ? list.active : now.length > 0 ? 0 : -1;
      search.settle();
      const product = pick >= 0 ? now.at(pick) : undefined;
      if (product) {
        openResult(product, pick);
        void navigate({ to: "/product/$id", params: { id: product.id } });
      } else {
        remember(query);
      }
    }
  };

  const { setFilters, setSort } = search;
  const onFilters = useCallback(
    (next: SearchFilters, change: FilterChange) => {
      setFilters(next);
      searchAnalytics.track("search_filter_applied", change);
    },
    [setFilters],
  );
  const onSort = useCallback(
    (next: SearchSort) => {
      setSort(next);
      searchAnalytics.track("search_filter_applied", { filter: "sort", value: next, active: true });
    },
    [setSort],
  );

  const clear = () => {
    search.searchNow("");
    inputRef.current?.focus();
  };
  const pickRecent = (q: string) => {
    search.searchNow(q);
    remember(q);
    inputRef.current?.focus();
  };

  const ready = catalog.status === "ready";
  const showOptions = ready && options.length > 0;
  const activeId = list.active >= 0 && list.active < list.shown.length ? optionId(list.active) : undefined;
  const priceOf = (product: Product) =>
    money(priceView(product, currency, rates, defaultVariant(product)).now, currency);

  const listBox = showOptions ? (
    <div
      id={listId}
      role="listbox"
      aria-label={listQuery ? t`Results` : t`popular now`}
      className="search-overlay__list"
    >
      {list.shown.map((product, i) => (
        <SearchResultRow
          key={product.id}
          product={product}
          index={i}
          active={i === list.active}
          price={priceOf(product)}
          onOpen={openResult}
          onHover={list.setActive}
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
          onChange={(e) => search.setQuery(e.target.value)}
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

      <SearchFiltersBar filters={search.filters} sort={search.sort} onFilters={onFilters} onSort={onSort} />

      <p className="search-overlay__count" role="status" aria-live="polite" aria-atomic="true">
        {listQuery && ready ? plural(results.length, { one: "# result", other: "# results" }) : ""}
      </p>

      <div ref={scrollRef} className="search-overlay__scroll" onScroll={list.onScroll}>
        <SearchMessage catalog={catalog} listQuery={listQuery} found={results.length} onRetry={retry} />
        {ready && !listQuery ? (
          <>
            <RecentSearchesSection headingId={`${titleId}-recent`} recent={recent} onPick={pickRecent} />
            {popular.length > 0 ? (
              <section className="search-overlay__section" aria-labelledby={`${titleId}-popular`}>
                <h3 id={`${titleId}-popular`} className="search-overlay__popular-title">
                  <Trans>popular now</Trans>
                </h3>
                {listBox}
              </section>
            ) : null}
          </>
        ) : (
          listBox
        )}
        {hasFilters(search.listFilters) && !listQuery && popular.length === 0 && ready ? (
          <p className="search-overlay__message">
            <Trans>No popular products match these filters.</Trans>
          </p>
        ) : null}
        {listQuery && showOptions && list.complete ? (
          <p className="search-overlay__end">
            <Trans>— End —</Trans>
          </p>
        ) : null}
      </div>
    </dialog>
  );
}
