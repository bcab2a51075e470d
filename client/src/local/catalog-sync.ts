/** Keeps the local catalog in step with the server (D1): full copy first, then deltas by version. */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { db as defaultDb, META, type StoreDb } from "./db.ts";

export type SyncState = "idle" | "syncing" | "ok" | "error";

/** Writes one sync answer: a full answer replaces the local tables, a delta merges and deletes. */
export async function applySync(db: StoreDb, res: SyncResponse, etag?: string | null): Promise<void> {
  await db.transaction("rw", [db.products, db.categories, db.banners, db.meta], async () => {
    if (res.full) {
      await Promise.all([db.products.clear(), db.categories.clear(), db.banners.clear()]);
    } else {
      await Promise.all([
        db.products.bulkDelete(res.deleted.products),
        db.categories.bulkDelete(res.deleted.categories),
        db.banners.bulkDelete(res.deleted.banners),
      ]);
    }
    await Promise.all([
      db.products.bulkPut(res.products),
      db.categories.bulkPut(res.categories),
      db.banners.bulkPut(res.banners),
    ]);
    if (res.settings) await db.meta.put({ key: META.settings, value: res.settings });
    await db.meta.put({ key: META.catalogVersion, value: res.version });
    await db.meta.put({ key: META.syncedAt, value: Date.now() });
    if (etag) await db.meta.put({ key: META.etag, value: etag });
  });
}

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

/** One round trip: asks for changes since the local version and stores them. Returns false on failure. */
export async function syncOnce(db: StoreDb = defaultDb, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const since = await localVersion(db);
  const etagRow = since > 0 ? await db.meta.get(META.etag) : undefined;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (typeof etagRow?.value === "string") headers["If-None-Match"] = etagRow.value;
  const res = await fetchImpl(`/api/sync?since=${since}`, { headers, cache: "no-store" });
  if (res.status === 304) return true;
  if (!res.ok) return false;
  const body: unknown = await res.json();
  if (!looksLikeSyncResponse(body)) return false;
  await applySync(db, body, res.headers.get("ETag"));
  return true;
}

// --- the running sync loop and its observable state ---

let state: SyncState = "idle";
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;

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

/** Syncs now unless a sync is already running (then waits for that one). */
export function syncCatalog(): Promise<void> {
  if (inFlight) return inFlight;
  setState("syncing");
  inFlight = syncOnce()
    .then((ok) => setState(ok ? "ok" : "error"))
    .catch(() => setState("error"))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
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
