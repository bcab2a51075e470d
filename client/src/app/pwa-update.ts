/** Service worker registration (workbox-window via vite-plugin-pwa):
 * asks before activating a new version (docs/decisions.md D18), and not while admin edits wait to be sent. */
import { registerSW } from "virtual:pwa-register";
import { t } from "@lingui/core/macro";
import { toast } from "../ui/toast.tsx";

/** How often a waiting update looks again at the admin outbox. */
const PENDING_RECHECK_MS = 3_000;

/** How long the page must have fetched nothing before the service worker is registered. */
const NETWORK_QUIET_MS = 3_000;
/** The longest the registration waits for that quiet (a console that polls is never quiet for long). */
const NETWORK_QUIET_CAP_MS = 10_000;

/** Calls back on every request the page completes; returns a function that stops watching. */
export type ResourceWatch = (onResource: () => void) => () => void;

const watchResources: ResourceWatch = (onResource) => {
  if (typeof PerformanceObserver !== "function") return () => undefined;
  const observer = new PerformanceObserver(onResource);
  observer.observe({ type: "resource" });
  return () => observer.disconnect();
};

/** Settles once the page has completed no request for `quietMs`, or after `capMs` whatever comes. */
export function whenNetworkQuiet(
  quietMs = NETWORK_QUIET_MS,
  capMs = NETWORK_QUIET_CAP_MS,
  watch: ResourceWatch = watchResources,
): Promise<void> {
  return new Promise((resolve) => {
    let quiet = setTimeout(done, quietMs);
    const cap = setTimeout(done, capMs);
    const stop = watch(() => {
      clearTimeout(quiet);
      quiet = setTimeout(done, quietMs);
    });
    function done() {
      stop();
      clearTimeout(quiet);
      clearTimeout(cap);
      resolve();
    }
  });
}

/** Edits queued in the admin outbox (none on a storefront that never queued any). */
async function pendingEdits(): Promise<number> {
  const { db } = await import("../local/db.ts");
  return db.adminOutbox.count();
}

/** Settles once the admin outbox is empty: a new version may change how queued edits are read. */
export async function whenNoPendingEdits(
  count: () => Promise<number> = pendingEdits,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  for (;;) {
    const n = await count().catch(() => 0);
    if (n === 0) return;
    await wait(PENDING_RECHECK_MS);
  }
}

/** Any page of the app that opens online, or comes back online, asks the service worker to send edits still
 * queued (the console may have been closed offline): where the browser has no Background Sync, and where the
 * network returned while no sync was due. The worker's replay waits for any other run, so nothing goes twice. */
async function sendQueuedEdits(
  worker: { postMessage(message: unknown): void } | null | undefined,
  count: () => Promise<number> = pendingEdits,
): Promise<boolean> {
  if (!worker || navigator.onLine === false || (await count().catch(() => 0)) === 0) return false;
  const { OUTBOX_REPLAY_MESSAGE } = await import("../local/outbox-replay.ts");
  worker.postMessage({ type: OUTBOX_REPLAY_MESSAGE });
  return true;
}

/**
 * Registers the service worker once the page has been quiet for a while (main.tsx calls this once the first page
 * is on screen and its catalog stored). Installing it precaches the whole app and loads workbox-window, and its
 * first install shows a toast (which loads sonner): none of that is needed for the page to work, so none of it
 * competes with what the page still fetches. A first visit still installs it, a few seconds later.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  await whenNetworkQuiet();
  const updateSW = registerSW({
    // Not before the page's load event (workbox waits for it, should it still be to come).
    immediate: false,
    onNeedRefresh() {
      // Never reload on our own: the shopper may be in the middle of a checkout. And never while the operator's
      // edits still wait to be sent: the prompt comes once they have reached the server.
      void whenNoPendingEdits().then(() =>
        toast(t`A new version is available`, {
          id: "sw-update",
          duration: Number.POSITIVE_INFINITY,
          action: { label: t`Reload`, onClick: () => void updateSW(true) },
        }),
      );
    },
    onOfflineReady() {
      toast.success(t`The store is ready to work offline.`, { id: "sw-offline" });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const send = () => void navigator.serviceWorker.ready.then((r) => sendQueuedEdits(r.active));
      send();
      window.addEventListener("online", send);
      // Look for a new version every hour while the app stays open.
      window.setInterval(
        () => {
          if (navigator.onLine) void registration.update();
        },
        60 * 60 * 1000,
      );
    },
  });
}
