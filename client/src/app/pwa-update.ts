/** Service worker registration (workbox-window via vite-plugin-pwa):
 * asks before activating a new version (docs/decisions.md D18), and not while admin edits wait to be sent. */
import { registerSW } from "virtual:pwa-register";
import { t } from "@lingui/core/macro";
import { toast } from "../ui/toast.tsx";

/** How often a waiting update looks again at the admin outbox. */
const PENDING_RECHECK_MS = 3_000;

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
export async function sendQueuedEdits(
  worker: { postMessage(message: unknown): void } | null | undefined,
  count: () => Promise<number> = pendingEdits,
): Promise<boolean> {
  if (!worker || navigator.onLine === false || (await count().catch(() => 0)) === 0) return false;
  const { OUTBOX_REPLAY_MESSAGE } = await import("../local/outbox-replay.ts");
  worker.postMessage({ type: OUTBOX_REPLAY_MESSAGE });
  return true;
}

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const updateSW = registerSW({
    // Registered after the page's load event: installing the service worker precaches the whole app,
    // which must not compete with the first page for the network and the main thread.
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
