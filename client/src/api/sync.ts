/** The catalog sync's requests (docs/decisions.md D1, D33): one page of GET /api/sync, and the first screen's small
 * answer (GET /api/first). Their answers are read with a cheap shape check, not the shared zod schema: the sync runs
 * on the storefront's first screen, whose bundle carries no zod (the server validates with the shared schema). The
 * products may be compact (shared/src/compact-sync.ts): the reader fills them back. */
import { COMPACT_PARAM, fullSync, type CompactSyncResponse } from "@store/shared/compact-sync";
import type { SyncResponse } from "@store/shared/schemas/catalog";
import { isRecord } from "@store/shared/is-record";
import { callEndpoint, endpoint, isStatusError, readAnswer, type BodyReader, type CallOptions } from "./endpoint.ts";
import { firstScreenUrl } from "./first-screen.ts";

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

/** A sync (or first-screen) answer as the local copy stores it: whole products, `next` null on the last page. */
export const syncAnswer: BodyReader<SyncResponse> = {
  safeParse(value) {
    if (!looksLikeSyncResponse(value)) return { success: false };
    return { success: true, data: fullSync({ ...value, next: value.next ?? null }) };
  },
};

/** Where a walk stands: the version it walks from, and the last product of the page before (null on the first). */
export interface SyncPageAsk {
  since: number;
  after: string | null;
  /** Products per page (the server's default when absent). */
  limit?: number;
}

export function syncUrl(since: number, after: string | null, limit?: number): string {
  const params = new URLSearchParams({ since: String(since) });
  if (after !== null) params.set("after", after);
  if (limit !== undefined) params.set("limit", String(limit));
  params.set(COMPACT_PARAM, "1");
  return `/api/sync?${params.toString()}`;
}

const syncPageEndpoint = endpoint({
  method: "GET",
  path: ({ since, after, limit }: SyncPageAsk) => syncUrl(since, after, limit),
  response: syncAnswer,
  noStore: true,
});

const firstScreenEndpoint = endpoint({
  method: "GET",
  path: firstScreenUrl,
  response: syncAnswer,
  noStore: true,
});

/** One page: stored with its ETag, "unchanged" (a 304 for the ETag given), or "failed" (no answer, or not one). */
export type SyncPage = { status: "ok"; res: SyncResponse; etag: string | null } | { status: "unchanged" | "failed" };

export async function fetchSyncPage(ask: SyncPageAsk, etag: unknown, fetchImpl: typeof fetch): Promise<SyncPage> {
  try {
    const { data, headers } = await callEndpoint(syncPageEndpoint, {
      params: ask,
      fetch: fetchImpl,
      ...(typeof etag === "string" ? { headers: { "If-None-Match": etag } } : {}),
    });
    return { status: "ok", res: data, etag: headers.get("ETag") };
  } catch (err) {
    if (isStatusError(err, 304)) return { status: "unchanged" };
    return { status: "failed" };
  }
}

/** The first screen's answer for a page's path: `prefetched` (the boot script's request) when it came, else asked
 * now; null when neither gives one. */
export async function fetchFirstScreen(
  path: string,
  prefetched: Promise<Response> | undefined,
  options: CallOptions = {},
): Promise<SyncResponse | null> {
  try {
    const early = await prefetched?.catch(() => undefined);
    const answer = early
      ? await readAnswer(firstScreenEndpoint, firstScreenUrl(path), early)
      : await callEndpoint(firstScreenEndpoint, { params: path, ...options });
    return answer.data;
  } catch {
    return null;
  }
}
