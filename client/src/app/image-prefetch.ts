/** After each catalog sync, asks the service worker to fetch ahead the pictures of products not opened yet
 * (src/local/catalog-images.ts), so they show offline. Only on a returning visit (the device held a catalog before
 * this page loaded): a first visit, maybe on a slow line, spends its bandwidth on the page the shopper opened. */
import { getSyncState, hasSyncedBefore, subscribeSyncState } from "../local/catalog-sync.ts";
import { PREFETCH_IMAGES_MESSAGE } from "../local/catalog-images.ts";

export function prefetchImagesAfterSyncs(): () => void {
  if (!("serviceWorker" in navigator)) return () => undefined;
  if (!hasSyncedBefore()) return () => undefined;
  return subscribeSyncState(() => {
    if (getSyncState() !== "ok") return;
    // The worker may still be installing on a first visit: `ready` waits for it.
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: PREFETCH_IMAGES_MESSAGE }),
    );
  });
}
