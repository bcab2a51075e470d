/** The service worker (docs/decisions.md D17, D18), built by vite-plugin-pwa's injectManifest: the precached app
 * shell, product images cached as they are seen and fetched ahead after a catalog sync, an offline page for server-owned paths, and the admin outbox
 * carried in the background — on a Background Sync, or when a page asks — with the same replay the console uses. */
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { createAdminClient } from "./api/admin-client.ts";
import { db } from "./local/db.ts";
import {
  IMAGES_PREFETCHED_MESSAGE,
  PREFETCH_IMAGES_MESSAGE,
  PRODUCT_IMAGES_CACHE,
  prefetchCatalogImages,
  type ConnectionInfo,
} from "./local/catalog-images.ts";
import {
  OUTBOX_NEEDS_SIGN_IN,
  OUTBOX_REPLAYED_MESSAGE,
  OUTBOX_REPLAY_MESSAGE,
  OUTBOX_SYNC_TAG,
  replayQueue,
  withReplayLock,
  type ReplayResult,
} from "./local/outbox-replay.ts";

/** The parts of the service worker scope used here (the app's TypeScript lib is the DOM one). */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEventLike extends ExtendableEventLike {
  tag: string;
  lastChance?: boolean;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
  source: { postMessage(message: unknown): void } | null;
}
interface WorkerScope {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  navigator: { connection?: ConnectionInfo };
  skipWaiting(): Promise<void>;
  clients: {
    matchAll(options: {
      type: "window";
      includeUncontrolled: boolean;
    }): Promise<readonly { postMessage(message: unknown): void }[]>;
  };
  addEventListener(type: "sync", listener: (event: SyncEventLike) => void): void;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
}

const sw = globalThis as unknown as WorkerScope;

/** Shown for a server-owned page (a private order page) opened without network; it keeps its address. */
export const OFFLINE_PAGE = "/offline.html";
/** Paths the server answers itself: never the app shell. */
const SERVER_OWNED = [/^\/api\//, /^\/uploads\//, /^\/orders\//, /^\/sitemap\.xml$/, /^\/robots\.txt$/];

cleanupOutdatedCaches();
// Written out as `self.__WB_MANIFEST`: the build injects the precache list at that exact text.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
// Take control on first install so the app works offline right away; updates still wait for the prompt.
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: SERVER_OWNED }));

registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" && !url.pathname.startsWith("/api/") && SERVER_OWNED.some((p) => p.test(url.pathname)),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const page = await matchPrecache(OFFLINE_PAGE);
      if (page) return page;
      throw err;
    }
  },
);

registerRoute(
  ({ url }) => url.pathname.startsWith("/uploads/"),
  new CacheFirst({
    cacheName: PRODUCT_IMAGES_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 }),
      new CacheableResponsePlugin({ statuses: [0, 200] }),
    ],
  }),
);

sw.addEventListener("message", (event) => {
  const data = event.data;
  if (typeof data !== "object" || data === null || !("type" in data)) return;
  // workbox-window's answer to the update prompt.
  if (data.type === "SKIP_WAITING") void sw.skipWaiting();
  if (data.type === OUTBOX_REPLAY_MESSAGE) event.waitUntil(replayInBackground().catch(() => undefined));
  if (data.type === PREFETCH_IMAGES_MESSAGE) event.waitUntil(prefetchImages().catch(() => undefined));
});

let prefetching: Promise<void> | null = null;

/** Pictures of the catalog's products fetched ahead after a sync (one run at a time); open pages hear the result. */
function prefetchImages(): Promise<void> {
  // fetch is called bound to the worker's scope: called as a property of another object it throws.
  const fetchHere: typeof fetch = (input, init) => fetch(input, init);
  prefetching ??= prefetchCatalogImages({ db, caches, fetch: fetchHere, connection: sw.navigator.connection })
    .then(async (result) => {
      const pages = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const page of pages) page.postMessage({ type: IMAGES_PREFETCHED_MESSAGE, ...result });
    })
    .finally(() => {
      prefetching = null;
    });
  return prefetching;
}

sw.addEventListener("sync", (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  // A rejection asks the browser to try again later (it backs off); on the last chance the page's replay remains.
  event.waitUntil(
    replayInBackground().then((result) => {
      if ((result.stopped === "offline" || result.stopped === "server") && !event.lastChance)
        throw new Error(`Outbox replay stopped: ${result.stopped}`);
    }),
  );
});

const client = createAdminClient({ onUnauthorized: () => undefined });

/** Sends the console's queue; waits for a page's run to end rather than racing it. A 401 leaves the queue as it is
 * and marks that the console must ask for sign-in. Open console pages hear what was sent. */
async function replayInBackground(): Promise<ReplayResult> {
  // The session may have changed since the last run (sign-in in a page): ask for a fresh CSRF token.
  client.invalidateSession();
  const result = await withReplayLock(() => replayQueue(db.adminOutbox, client), { wait: true, meta: db.meta });
  if (result.stopped === "unauthorized") await db.meta.put({ key: OUTBOX_NEEDS_SIGN_IN, value: true });
  const pages = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: OUTBOX_REPLAYED_MESSAGE, ...result });
  return result;
}
