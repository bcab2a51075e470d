/** What the overlay says above its list: the catalog could not be read (with Retry), it is not on the device yet
 * (a skeleton), or a query found nothing. */
import { Trans } from "@lingui/react/macro";
import { SearchSkeleton } from "./search-result-row.tsx";
import type { SearchCatalog } from "./use-search-catalog.ts";

const SKELETON_ROWS = 6;

export function SearchMessage({
  catalog,
  listQuery,
  found,
  onRetry,
}: {
  catalog: SearchCatalog;
  /** The query the list shows ("" before anything is typed); the message's placeholder keeps this name. */
  listQuery: string;
  found: number;
  onRetry: () => void;
}) {
  if (catalog.status === "error") {
    return (
      <p className="search-overlay__message" role="alert">
        <Trans>Couldn't fetch results.</Trans>{" "}
        <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      </p>
    );
  }
  if (catalog.status === "not-local") return <SearchSkeleton rows={SKELETON_ROWS} />;
  if (catalog.status === "ready" && listQuery && found === 0) {
    return (
      <p className="search-overlay__message">
        <Trans>
          No results for <strong>{listQuery}</strong>
        </Trans>
      </p>
    );
  }
  return null;
}
