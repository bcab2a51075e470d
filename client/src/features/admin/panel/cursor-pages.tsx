/** Server-paged admin lists (orders, products): the filters, the cursor of the page shown and the cursors of the
 * pages before it, so 'Previous' goes back; and the pager under the list. */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";

export interface CursorPages<F> {
  filters: F;
  /** The cursor of the page shown (null for the first page). */
  cursor: string | null;
  /** 1 for the first page. */
  page: number;
  /** New filters start again at the first page. */
  refine: (change: Partial<F>) => void;
  hasPrevious: boolean;
  previous: () => void;
  /** Opens the page that starts at `next` (the answer's cursor of the following page). */
  forward: (next: string) => void;
}

export function useCursorPages<F>(initial: F): CursorPages<F> {
  const [filters, setFilters] = useState<F>(initial);
  /** Cursors of the pages before the one shown (null for the first page). */
  const [trail, setTrail] = useState<(string | null)[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  return {
    filters,
    cursor,
    page: trail.length + 1,
    refine: (change) => {
      setFilters((f) => ({ ...f, ...change }));
      setTrail([]);
      setCursor(null);
    },
    hasPrevious: trail.length > 0,
    previous: () => {
      setCursor(trail.at(-1) ?? null);
      setTrail((tr) => tr.slice(0, -1));
    },
    forward: (next) => {
      setTrail((tr) => [...tr, cursor]);
      setCursor(next);
    },
  };
}

interface PagerProps {
  pages: Pick<CursorPages<unknown>, "page" | "hasPrevious" | "previous" | "forward">;
  /** The following page's cursor, null on the last page. */
  next: string | null;
  busy: boolean;
  label: string;
  /** The test id of the "Page n" text. */
  testId: string;
}

export function CursorPager({ pages, next, busy, label, testId }: PagerProps) {
  const { page } = pages;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={!pages.hasPrevious || busy}
        onClick={pages.previous}
      >
        <Trans>Previous</Trans>
      </button>
      <span data-testid={testId}>
        <Trans>Page {page}</Trans>
      </span>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={next === null || busy}
        onClick={() => {
          if (next !== null) pages.forward(next);
        }}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}

interface ListFiltersProps {
  /** The search field's label. */
  label: ReactNode;
  placeholder?: string;
  dir?: "ltr";
  /** A new search (the text as typed), sent with the Search button or Enter. */
  onSearch: (q: string) => void;
  /** The other filters (selects that apply as they change). */
  children: ReactNode;
}

/** The filters above a paged list: a search field and its button, then the list's other filters. */
export function ListFilters({ label, placeholder, dir, onSearch, children }: ListFiltersProps) {
  const searchId = useId();
  const [draft, setDraft] = useState("");
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSearch(draft);
  }
  return (
    <form className="admin-orders-filters" role="search" onSubmit={onSubmit}>
      <div className="admin-orders-filters__search">
        <label htmlFor={searchId}>{label}</label>
        <div className="admin-inline">
          <input
            id={searchId}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            dir={dir}
            maxLength={200}
          />
          <button type="submit" className="btn btn--primary">
            <Trans>Search</Trans>
          </button>
        </div>
      </div>
      {children}
    </form>
  );
}

/** One of a list's other filters (a child of ListFilters): a labelled select that applies as it changes. `all`, when
 * given, is the first option, the value "" (no filter); then each option as its value and its label. */
export function FilterSelect<V extends string>({
  label,
  value,
  all,
  options,
  onChange,
}: {
  label: ReactNode;
  value: V;
  all?: string;
  options: readonly (readonly [value: V, label: ReactNode])[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
