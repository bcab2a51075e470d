/**
 * One catalog sync, walked page by page (docs/decisions.md D33): asks for the changes since the local version,
 * stores each page as it arrives with the position reached, resumes a walk a dropped connection cut short, and
 * walks again from the first page's version when a later page was read at a newer one. Free of Dexie: the
 * sync-store worker runs it off the main thread (and the page itself where workers are missing).
 */
import { COMPACT_PARAM, fullSync, type CompactSyncResponse } from "@store/shared/compact-sync";
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { META } from "./meta.ts";
import { writeSyncPage, type PageWrite, type SyncProgress } from "./sync-write.ts";
import { isRecord } from "@store/shared/is-record";

/** "stored": the catalog changed and is stored; "unchanged": nothing to store; "failed": no answer (a walk cut
 * short keeps the pages it stored, and the next sync resumes after them). */
export type WalkResult = "stored" | "unchanged" | "failed";

export interface WalkOptions {
  /** Ask for a full copy without reading the local version. */
  full?: boolean;
  /** Products per page (the server's default when absent). */
  limit?: number;
}

/** Rounds one sync may take: a walk, then a walk from its first page's version when edits landed meanwhile. */
const MAX_ROUNDS = 4;

/** A cheap shape check (zod stays out of the storefront bundle; the server validates with the shared schema). The
 * products may be compact (shared/src/compact-sync.ts): readSyncAnswer fills them back. */
export function looksLikeSyncResponse(value: unknown): value is CompactSyncResponse {
  if (!isRecord(value)) return false;
  const deleted = value.deleted;
  return (
    typeof value.version === "number" &&
    typeof value.full === "boolean" &&
    (value.next === undefined || value.next === null || typeof value.next === "string") &&
    Array.isArray(value.products) &&
    value.products.every(isRecord) &&
    Array.isArray(value.categories) &&
    Array.isArray(value.banners) &&
    isRecord(deleted) &&
    Array.isArray(deleted.products) &&
    Array.isArray(deleted.categories) &&
    Array.isArray(deleted.banners) &&
    (value.settings === null || isRecord(value.settings))
  );
}

/** A sync (or first-screen) answer as the local copy stores it: whole products, `next` null on the last page; null
 * when the body is not one. */
export function readSyncAnswer(body: unknown): SyncResponse | null {
  if (!looksLikeSyncResponse(body)) return null;
  return fullSync({ ...body, next: body.next ?? null });
}

function isProgress(value: unknown): value is SyncProgress {
  return (
    isRecord(value) &&
    typeof value.since === "number" &&
    typeof value.version === "number" &&
    typeof value.after === "string"
  );
}

/** Nothing to store: an answer for a client that is up to date. */
function isEmpty(res: SyncResponse): boolean {
  const { deleted } = res;
  return (
    res.products.length + res.categories.length + res.banners.length === 0 &&
    deleted.products.length + deleted.categories.length + deleted.banners.length === 0 &&
    res.settings === null &&
    !res.full
  );
}

function readMeta(idb: IDBDatabase, key: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = idb.transaction("meta", "readonly").objectStore("meta").get(key);
    request.onsuccess = () => resolve(isRecord(request.result) ? request.result.value : undefined);
    request.onerror = () => reject(request.error ?? new Error("The catalog's version could not be read"));
  });
}

async function storedVersion(idb: IDBDatabase): Promise<number> {
  const value = await readMeta(idb, META.catalogVersion);
  return typeof value === "number" ? value : 0;
}

export function syncUrl(since: number, after: string | null, limit?: number): string {
  const params = new URLSearchParams({ since: String(since) });
  if (after !== null) params.set("after", after);
  if (limit !== undefined) params.set("limit", String(limit));
  params.set(COMPACT_PARAM, "1");
  return `/api/sync?${params.toString()}`;
}

type Fetched = { status: "ok"; res: SyncResponse; etag: string | null } | { status: "unchanged" | "failed" };

async function fetchPage(fetchImpl: typeof fetch, url: string, etag: unknown): Promise<Fetched> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (typeof etag === "string") headers["If-None-Match"] = etag;
  let response: Response;
  let body: unknown;
  try {
    response = await fetchImpl(url, { headers, cache: "no-store" });
    if (response.status === 304) return { status: "unchanged" };
    if (!response.ok) return { status: "failed" };
    body = await response.json();
  } catch {
    return { status: "failed" };
  }
  const res = readSyncAnswer(body);
  if (!res) return { status: "failed" };
  return { status: "ok", res, etag: response.headers.get("ETag") };
}

/** Syncs the catalog stored in `idb`, page by page; `write` stores a page (default: in `idb`, here). */
export async function walkSync(
  idb: IDBDatabase,
  fetchImpl: typeof fetch,
  options: WalkOptions = {},
  write: (page: PageWrite) => Promise<void> = (page) => writeSyncPage(idb, page),
): Promise<WalkResult> {
  let result: WalkResult = "unchanged";
  /** A walk reached its last page: the copy is complete at a version, whatever a later round meets. */
  let completed = false;
  const saved = options.full ? undefined : await readMeta(idb, META.syncProgress);
  let resume = isProgress(saved) ? saved : null;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let since: number;
    let version: number;
    let after: string | null;
    // A resumed walk cannot know the versions of the pages stored before it: it always checks once more.
    let again = resume !== null;
    if (resume) {
      ({ since, version, after } = resume);
      resume = null;
    } else {
      const from = options.full && round === 0 ? 0 : await storedVersion(idb);
      const etag = from > 0 ? await readMeta(idb, META.etag) : undefined;
      const first = await fetchPage(fetchImpl, syncUrl(from, null, options.limit), etag);
      if (first.status !== "ok") return first.status === "failed" && !completed ? "failed" : result;
      const { res } = first;
      since = res.full ? 0 : from;
      version = res.version;
      after = res.next;
      const progress = after === null ? null : { since, version, after };
      await write({ res, first: true, progress, version, etag: first.etag });
      if (!isEmpty(res)) result = "stored";
    }
    while (after !== null) {
      const page = await fetchPage(fetchImpl, syncUrl(since, after, options.limit), undefined);
      if (page.status !== "ok") return completed ? result : "failed";
      const { res } = page;
      const progress = res.next === null ? null : { since, version, after: res.next };
      await write({ res, first: false, progress, version, etag: null });
      result = "stored";
      if (res.version > version) again = true;
      after = res.next;
    }
    completed = true;
    if (!again) return result;
  }
  return result;
}
