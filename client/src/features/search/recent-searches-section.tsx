/** The overlay's "Recent searches": the shopper's last queries on this device, each a chip that searches it again. */
import { Trans } from "@lingui/react/macro";
import { clearRecentSearches } from "./recent-searches-store.ts";

export function RecentSearchesSection({
  headingId,
  recent,
  onPick,
}: {
  headingId: string;
  recent: readonly string[];
  onPick: (query: string) => void;
}) {
  if (recent.length === 0) return null;
  return (
    <section className="search-overlay__section" aria-labelledby={headingId}>
      <div className="search-overlay__section-head">
        <h3 id={headingId}>
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
            <button type="button" className="search-chip" onClick={() => onPick(q)}>
              {q}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
