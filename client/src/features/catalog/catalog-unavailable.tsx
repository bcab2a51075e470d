/** What a first visit shows when the catalog could not be loaded (no network, server down): the store's
 * empty state with a retry, instead of loading skeletons forever. The page fills in by itself once a sync
 * succeeds: when the network returns (catalog-sync.ts), or at the next automatic retry. */
import { useEffect } from "react";
import { Trans } from "@lingui/react/macro";
import { syncCatalog } from "../../local/catalog-sync.ts";
import { PageMessage } from "../layout/page-message.tsx";

const CATALOG_RETRY_MS = 15_000;

export function CatalogUnavailable() {
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (navigator.onLine !== false) void syncCatalog();
    }, CATALOG_RETRY_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <PageMessage
      testId="catalog-unavailable"
      title={<Trans>The store could not be loaded</Trans>}
      action={
        <button type="button" className="btn btn--primary" onClick={() => void syncCatalog()}>
          <Trans>Try again</Trans>
        </button>
      }
    >
      <Trans>Check your connection. The products will appear as soon as the store can be reached.</Trans>
    </PageMessage>
  );
}
