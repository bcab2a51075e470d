/** The first screen's address, shared by the boot script in index.html (app/boot-script.ts, which must stay small
 * and load nothing else) and the app's own request (api/sync.ts). */
import { COMPACT_PARAM } from "@store/shared/compact-sync";

/** The first screen's small answer (docs/decisions.md D33) for a page's path: the home sections' products, and
 * the product a product page shows, compact (shared/src/compact-sync.ts). The boot script asks for it while the
 * app's JavaScript downloads. */
export function firstScreenUrl(path: string): string {
  const product = /^\/product\/([^/]+)\/?$/.exec(path)?.[1];
  return product ? `/api/first?product=${product}&${COMPACT_PARAM}=1` : `/api/first?${COMPACT_PARAM}=1`;
}
