/** Product pictures cached ahead of need (docs/operations.md, "Offline pictures"): after a catalog sync the page asks
 * the service worker to fetch the pictures of products not opened yet, best sellers first, into the cache the
 * storefront's pictures are served from, within IMAGE_PREFETCH_BUDGET_BYTES (the oldest fetched leave first), and
 * only on a connection that is neither metered nor saving data. Offline, search results and product pages then show
 * their pictures. */
import type { StoreDb } from "./db.ts";
import { META } from "./meta.ts";

/** The service worker's cache of product pictures (/uploads/*), shared by pictures seen and pictures fetched ahead. */
export const PRODUCT_IMAGES_CACHE = "product-images";
/** At most this many bytes of pictures fetched ahead (pictures the shopper saw are counted apart, by number). */
const IMAGE_PREFETCH_BUDGET_BYTES = 20 * 1024 * 1024;
/** The page's message to the service worker after a sync. */
export const PREFETCH_IMAGES_MESSAGE = "PREFETCH_CATALOG_IMAGES";
/** The service worker's answer once a run ended: how many pictures it fetched and how many bytes it keeps. */
export const IMAGES_PREFETCHED_MESSAGE = "CATALOG_IMAGES_PREFETCHED";

/** What the Network Information API says of the connection (absent in browsers without it). */
export interface ConnectionInfo {
  saveData?: boolean;
  type?: string;
  effectiveType?: string;
}

/** Whether pictures may be fetched ahead: not when the shopper asked to save data, on a mobile network (metered)
 * or on a very slow link. A browser that says nothing is taken as unmetered. */
export function mayPrefetchImages(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  if (connection.type === "cellular") return false;
  return connection.effectiveType !== "slow-2g" && connection.effectiveType !== "2g";
}

/** A picture fetched ahead: its size and when it was fetched. */
interface PrefetchedImage {
  bytes: number;
  at: number;
}
export type PrefetchLedger = Record<string, PrefetchedImage>;

/** The pictures to drop so what is kept fits `budget`: those no longer in the catalog, then the oldest fetched. */
export function picturesToEvict(ledger: PrefetchLedger, wanted: ReadonlySet<string>, budget: number): string[] {
  const evict: string[] = [];
  let total = 0;
  const kept: [string, PrefetchedImage][] = [];
  for (const [url, entry] of Object.entries(ledger)) {
    if (wanted.has(url)) {
      kept.push([url, entry]);
      total += entry.bytes;
    } else evict.push(url);
  }
  kept.sort((a, b) => a[1].at - b[1].at);
  for (const [url, entry] of kept) {
    if (total <= budget) break;
    evict.push(url);
    total -= entry.bytes;
  }
  return evict;
}

/** The catalog's pictures served by this store, best sellers first, each once. */
async function catalogPictures(db: StoreDb): Promise<string[]> {
  const seen = new Set<string>();
  await db.products
    .orderBy("sales")
    .reverse()
    .each((product) => {
      if (product.image.startsWith("/uploads/")) seen.add(product.image);
    });
  return [...seen];
}

export interface PrefetchDeps {
  db: StoreDb;
  caches: CacheStorage;
  fetch: typeof fetch;
  connection: ConnectionInfo | undefined;
  budget?: number;
  now?: () => number;
}

/** What the service worker keeps of its runs: the pictures it fetched ahead, and the catalog version it last
 * finished for (a run for the same version has nothing new to fetch). */
interface PrefetchState {
  version: unknown;
  images: PrefetchLedger;
}

async function readState(db: StoreDb): Promise<PrefetchState> {
  const stored = (await db.meta.get(META.prefetchedImages))?.value as Partial<PrefetchState> | undefined;
  const images = typeof stored?.images === "object" && stored.images !== null ? { ...stored.images } : {};
  return { version: stored?.version ?? null, images };
}

/** One run: fetches the pictures not cached yet while they fit the budget, then drops the pictures the catalog no
 * longer has and, if the budget is still passed (it was lowered), the oldest fetched. Nothing to do when it
 * finished for this catalog version already. */
export async function prefetchCatalogImages(deps: PrefetchDeps): Promise<{ fetched: number; bytes: number }> {
  const budget = deps.budget ?? IMAGE_PREFETCH_BUDGET_BYTES;
  const now = deps.now ?? Date.now;
  const state = await readState(deps.db);
  const ledger = state.images;
  let total = Object.values(ledger).reduce((sum, entry) => sum + entry.bytes, 0);
  const version = (await deps.db.meta.get(META.catalogVersion))?.value ?? null;
  if (!mayPrefetchImages(deps.connection) || (version !== null && version === state.version))
    return { fetched: 0, bytes: total };

  const pictures = await catalogPictures(deps.db);
  const cache = await deps.caches.open(PRODUCT_IMAGES_CACHE);
  let fetched = 0;
  let finished = true;
  for (const url of pictures) {
    if (ledger[url] || (await cache.match(url))) continue;
    let response: Response;
    try {
      response = await deps.fetch(url, { credentials: "same-origin" });
    } catch {
      finished = false; // The network went: the next sync tries again.
      break;
    }
    if (!response.ok) continue;
    const body = await response.blob();
    // The picture that would pass the budget is not kept: the budget is full until the catalog changes.
    if (total + body.size > budget) break;
    await cache.put(url, new Response(body, { headers: response.headers }));
    ledger[url] = { bytes: body.size, at: now() };
    total += body.size;
    fetched += 1;
  }
  for (const url of picturesToEvict(ledger, new Set(pictures), budget)) {
    await cache.delete(url);
    total -= ledger[url]?.bytes ?? 0;
    delete ledger[url];
  }
  await deps.db.meta.put({
    key: META.prefetchedImages,
    value: { version: finished ? version : state.version, images: ledger } satisfies PrefetchState,
  });
  return { fetched, bytes: total };
}
