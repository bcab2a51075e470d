/** Keeps the local catalog in step with the server (docs/decisions.md D1): full copy first, then deltas by version. */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { applySync } from "./apply-sync.ts";
import { db as defaultDb, META, type StoreDb } from "./db.ts";
import { CATALOG_SYNCED_KEY, FIRST_SYNC_URL } from "./first-sync.ts";
import { storeInWorker } from "./sync-store-client.ts";

export type SyncState = "idle" | "syncing" | "ok" | "error";

export async function localVersion(db: StoreDb): Promise<number> {
  const row = await db.meta.get(META.catalogVersion);
  return typeof row?.value === "number" ? row.value : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A cheap shape check (zod stays out of the storefront bundle; the server validates with the shared schema). */
export function looksLikeSyncResponse(value: unknown): value is SyncResponse {
  if (!isRecord(value)) return false;
  const deleted = value.deleted;
  return (
    typeof value.version === "number" &&
    typeof value.full === "boolean" &&
    Array.isArray(value.products) &&
    Array.isArray(value.categories) &&
    Array.isArray(value.banners) &&
    isRecord(deleted) &&
    Array.isArray(deleted.products) &&
    Array.isArray(deleted.categories) &&
    Array.isArray(deleted.banners) &&
    (value.settings === null || isRecord(value.settings))
  );
}

export interface SyncOptions {
  /** Ask for a full copy without reading the local version (a first visit has nothing stored). */
  full?: boolean;
  /** Called with a valid answer as soon as it arrives, before it is stored. */
  onAnswer?: (res: SyncResponse) => void;
  /** Storing the answer waits for this (a first visit stores its catalog after the first page has rendered). */
  storeAfter?: Promise<unknown>;
  /** Writes the answer into `db` (default: applySync on this thread). */
  store?: (res: SyncResponse, etag: string | null) => Promise<void>;
}

/** One round trip: asks for changes since the local version and stores them. Returns false on failure. */
export async function syncOnce(
  db: StoreDb = defaultDb,
  fetchImpl: typeof fetch = fetch,
  options: SyncOptions = {},
): Promise<boolean> {
  const since = options.full ? 0 : await localVersion(db);
  const etagRow = since > 0 ? await db.meta.get(META.etag) : undefined;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (typeof etagRow?.value === "string") headers["If-None-Match"] = etagRow.value;
  const res = await fetchImpl(since === 0 ? FIRST_SYNC_URL : `/api/sync?since=${since}`, {
    headers,
    cache: "no-store",
  });
  if (res.status === 304) return true;
  if (!res.ok) return false;
  const body: unknown = await res.json();
  if (!looksLikeSyncResponse(body)) return false;
  options.onAnswer?.(body);
  await options.storeAfter;
  const etag = res.headers.get("ETag");
  await (options.store ? options.store(body, etag) : applySync(db, body, etag));
  return true;
}

// --- the running sync loop and its observable state ---

function hasSyncedBefore(): boolean {
  try {
    return localStorage.getItem(CATALOG_SYNCED_KEY) !== null;
  } catch {
    return false;
  }
}

function markSynced(): void {
  try {
    localStorage.setItem(CATALOG_SYNCED_KEY, "1");
  } catch {
    // storage refused (private mode): index.html will simply prefetch again next time
  }
}

/** fetch, except that the first full sync takes the answer index.html already asked for (once). */
export const fetchWithPrefetch: typeof fetch = (input, init) => {
  const prefetched = globalThis.__firstSync;
  if (prefetched && input === FIRST_SYNC_URL) {
    globalThis.__firstSync = undefined;
    return prefetched.catch(() => fetch(input, init));
  }
  return fetch(input, init);
};

let state: SyncState = "idle";
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;
let markStored: () => void = () => undefined;
/** Settles once a sync has stored a catalog (or confirmed the stored one) in this page. */
export const catalogStored: Promise<void> = new Promise((resolve) => {
  markStored = resolve;
});

function setState(next: SyncState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSyncState(): SyncState {
  return state;
}

export function subscribeSyncState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Syncs now unless a sync is already running (then waits for that one, whose options stay). */
/** The version of a category an edit is made against: the local copy's, synced first when online
 * (docs/decisions.md D17); undefined when the copy has no such category. */
export async function freshCategoryVersion(id: string): Promise<number | undefined> {
  if (navigator.onLine !== false) await syncCatalog();
  return (await defaultDb.categories.get(id))?.version;
}

export function syncCatalog(options: SyncOptions = {}): Promise<void> {
  if (inFlight) return inFlight;
  setState("syncing");
  // The app's own database is written from a worker: storing a catalog (structured cloning every product
  // and Dexie's bookkeeping) is the biggest main-thread task of a first visit otherwise.
  inFlight = syncOnce(defaultDb, fetchWithPrefetch, { store: storeInWorker, ...options })
    .then((ok) => {
      if (ok) {
        markSynced();
        markStored();
      }
      setState(ok ? "ok" : "error");
    })
    .catch(() => setState("error"))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Settles when the sync running now (if any) has finished, whatever its outcome. */
export function syncSettled(): Promise<void> {
  return inFlight ?? Promise.resolve();
}

/**
 * A first visit's catalog, straight from the network: the first sync's answer as soon as it arrives (null
 * after timeoutMs, or at once when a catalog was stored before). The answer is stored in IndexedDB only
 * once `storeAfter` settles, so the first page renders from memory instead of waiting for IndexedDB to
 * open, write and read back; call it before startCatalogSync so that sync is this one.
 */
export function firstCatalog(timeoutMs: number, storeAfter: Promise<unknown>): Promise<SyncResponse | null> {
  if (hasSyncedBefore()) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    const settle = (answer: SyncResponse | null) => {
      window.clearTimeout(timer);
      resolve(answer);
    };
    void syncCatalog({ full: true, onAnswer: settle, storeAfter }).finally(() => settle(null));
  });
}

export const SYNC_INTERVAL_MS = 5 * 60 * 1000;

/** Starts syncing: now, when the network returns, when the tab becomes visible, and every 5 minutes while visible. */
export function startCatalogSync(): () => void {
  void syncCatalog();
  const onOnline = () => void syncCatalog();
  let lastVisibleSync = Date.now();
  const onVisible = () => {
    // Coming back to the tab refreshes the catalog, at most once a minute.
    if (document.visibilityState !== "visible" || Date.now() - lastVisibleSync < 60_000) return;
    lastVisibleSync = Date.now();
    void syncCatalog();
  };
  const timer = window.setInterval(() => {
    if (document.visibilityState === "visible" && navigator.onLine !== false) void syncCatalog();
  }, SYNC_INTERVAL_MS);
  window.addEventListener("online", onOnline);
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener("online", onOnline);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
