/** Keeps the local catalog in step with the server (docs/decisions.md D1, D33): a full copy first, in pages, then
 * deltas by version. */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { announceCatalogChange } from "./apply-sync.ts";
import { db as defaultDb, META, type StoreDb } from "./db.ts";
import { CATALOG_SYNCED_KEY } from "./first-sync.ts";
import { syncInWorker } from "./sync-store-client.ts";
import { walkSync, type WalkOptions, type WalkResult } from "./sync-walk.ts";
import { fetchFirstScreen as askFirstScreen } from "../api/sync.ts";

export type SyncState = "idle" | "syncing" | "ok" | "error";

export async function localVersion(db: StoreDb): Promise<number> {
  const row = await db.meta.get(META.catalogVersion);
  return typeof row?.value === "number" ? row.value : 0;
}

export interface SyncOptions extends WalkOptions {
  /** The sync starts only once this settles (a first visit syncs after its first page is on screen). */
  startAfter?: Promise<unknown>;
  /** Runs the walk (default: the sync-store worker). */
  walk?: (options: WalkOptions) => Promise<WalkResult>;
}

/** One sync on this thread, walking every page (tests, and pages without workers): true unless it failed. */
export async function syncOnce(
  db: StoreDb = defaultDb,
  fetchImpl: typeof fetch = fetch,
  options: WalkOptions = {},
): Promise<boolean> {
  await db.open();
  const result = await walkSync(db.backendDB(), options, { fetch: fetchImpl });
  if (result === "stored") announceCatalogChange(db);
  return result !== "failed";
}

// --- the running sync loop and its observable state ---

/** Whether this device stored a catalog before (set after the first sync completes). */
export function hasSyncedBefore(): boolean {
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

/** The first screen's answer: the one index.html already asked for (once), or asked now. */
export function fetchFirstScreen(path: string, fetchImpl: typeof fetch = fetch): Promise<SyncResponse | null> {
  const prefetched = globalThis.__firstSync;
  globalThis.__firstSync = undefined;
  return askFirstScreen(path, prefetched, { fetch: fetchImpl });
}

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
  // The sync runs in a worker: fetching, parsing and storing a large catalog (structured cloning every product
  // and IndexedDB's bookkeeping) would otherwise be long tasks on this thread.
  const { startAfter, walk = syncInWorker, ...walkOptions } = options;
  inFlight = Promise.resolve(startAfter)
    .then(() => walk(walkOptions))
    .then((result) => {
      const ok = result !== "failed";
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
 * A first visit's first screen, straight from the network (docs/decisions.md D33): the small answer of
 * /api/first (null after timeoutMs, or at once when a catalog was stored before). The catalog itself is synced
 * in pages once `syncAfter` settles (the first page is on screen), so it never competes with that page; call it
 * before startCatalogSync so that sync is this one.
 */
export function firstCatalog(timeoutMs: number, syncAfter: Promise<unknown>): Promise<SyncResponse | null> {
  if (hasSyncedBefore()) return Promise.resolve(null);
  // Not `full`: a walk an earlier visit left half done resumes where it stopped (a copy with no version is
  // asked for in full anyway).
  void syncCatalog({ startAfter: syncAfter });
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    void fetchFirstScreen(location.pathname).then((answer) => {
      window.clearTimeout(timer);
      resolve(answer);
    });
  });
}

const SYNC_INTERVAL_MS = 5 * 60 * 1000;

/** Starts syncing: now, when the network returns, when the tab becomes visible, and every 5 minutes while visible. */
export function startCatalogSync(): () => void {
  void syncCatalog();
  // A walk still running when the network returns may be the one that failed with it: sync again once it ends.
  const onOnline = () => void syncSettled().then(() => syncCatalog());
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
