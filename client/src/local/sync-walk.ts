/**
 * One catalog sync, walked page by page (docs/decisions.md D33): asks for the changes since the local version,
 * stores each page as it arrives with the position reached, resumes a walk a dropped connection cut short, and
 * walks again from the first page's version when a later page was read at a newer one. Each page's request is
 * api/sync.ts's. Free of Dexie: the sync-store worker runs it off the main thread (and the page itself where
 * workers are missing).
 */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { fetchSyncPage } from "../api/sync.ts";
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

export interface WalkDeps {
  /** Stores a page (default: in `idb`, here). */
  write?: (page: PageWrite) => Promise<void>;
  /** The fetch the requests use (tests pass their own). */
  fetch?: typeof fetch;
}

/** Syncs the catalog stored in `idb`, page by page. */
export async function walkSync(idb: IDBDatabase, options: WalkOptions = {}, deps: WalkDeps = {}): Promise<WalkResult> {
  const write = deps.write ?? ((page: PageWrite) => writeSyncPage(idb, page));
  const fetchImpl = deps.fetch ?? fetch;
  let result: WalkResult = "unchanged";
  /** A walk reached its last page: the copy is complete at a version, whatever a later round meets. */
  let completed = false;
  const saved = options.full ? undefined : await readMeta(idb, META.syncProgress);
  let resume = isProgress(saved) ? saved : null;
  const limit = options.limit !== undefined ? { limit: options.limit } : {};
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
      const first = await fetchSyncPage({ since: from, after: null, ...limit }, etag, fetchImpl);
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
      const page = await fetchSyncPage({ since, after, ...limit }, undefined, fetchImpl);
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
