/** What the boot script in index.html (src/app/boot-script.ts) and the catalog sync agree on about a first
 * visit's sync; kept apart from catalog-sync.ts, which loads Dexie. */
import { COMPACT_PARAM } from "@store/shared/compact-sync";

/** The first screen's small answer (docs/decisions.md D33) for a page's path: the home sections' products, and
 * the product a product page shows, compact (shared/src/compact-sync.ts). The boot script asks for it while the
 * app's JavaScript downloads. */
export function firstScreenUrl(path: string): string {
  const product = /^\/product\/([^/]+)\/?$/.exec(path)?.[1];
  return product ? `/api/first?product=${product}&${COMPACT_PARAM}=1` : `/api/first?${COMPACT_PARAM}=1`;
}

export { FIRST_ANSWER_ID } from "@store/shared/app-files";

/** Set in localStorage once a catalog is stored, so the boot script stops prefetching a first screen. */
export const CATALOG_SYNCED_KEY = "catalogSynced";

/** Pages that do not open on the catalog (the console, private order pages): no prefetch there. */
export const NO_CATALOG_PAGE = /^\/(admin|orders)(\/|$)/;

declare global {
  /** The first visit's first-screen answer, asked by the boot script while the app's JavaScript downloads. */
  var __firstSync: Promise<Response> | undefined;
}
