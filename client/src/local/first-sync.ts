/** What the boot script in index.html (src/app/boot-script.ts) and the catalog sync agree on about a first
 * visit's sync; kept apart from catalog-sync.ts, which loads Dexie. */
export { FIRST_ANSWER_ID } from "@store/shared/app-files";

/** Set in localStorage once a catalog is stored, so the boot script stops prefetching a first screen. */
export const CATALOG_SYNCED_KEY = "catalogSynced";

/** Pages that do not open on the catalog (the console, private order pages): no prefetch there. */
export const NO_CATALOG_PAGE = /^\/(admin|orders)(\/|$)/;

declare global {
  /** The first visit's first-screen answer, asked by the boot script while the app's JavaScript downloads. */
  var __firstSync: Promise<Response> | undefined;
}
