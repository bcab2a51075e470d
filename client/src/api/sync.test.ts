import { describe, expect, it } from "vitest";
import { compactSync } from "@store/shared/compact-sync";
import { product, syncResponse } from "../test/fixtures.ts";
import { fetchSyncPage, looksLikeSyncResponse, syncUrl } from "./sync.ts";

describe("looksLikeSyncResponse", () => {
  it("accepts the sync shape and refuses anything else", () => {
    expect(looksLikeSyncResponse(syncResponse())).toBe(true);
    expect(looksLikeSyncResponse({ ...syncResponse(), deleted: null })).toBe(false);
    expect(looksLikeSyncResponse(null)).toBe(false);
    expect(looksLikeSyncResponse({ ...syncResponse(), products: ["a"] })).toBe(false);
  });
});

describe("fetchSyncPage", () => {
  it("asks for the page after the walk's position, with the ETag, and reads a compact answer back whole", async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const page = syncResponse({ version: 4, products: [product("a", { discountPercent: 0 })] });
    const fetchImpl: typeof fetch = (input, init) => {
      seen.push({ url: String(input), init });
      return Promise.resolve(Response.json(compactSync(page), { headers: { ETag: '"v4"' } }));
    };
    expect(await fetchSyncPage({ since: 2, after: "p9", limit: 50 }, '"v2"', fetchImpl)).toEqual({
      status: "ok",
      res: { ...page, next: null },
      etag: '"v4"',
    });
    expect(seen[0]?.url).toBe(syncUrl(2, "p9", 50));
    expect(new Headers(seen[0]?.init?.headers).get("If-None-Match")).toBe('"v2"');
    expect(seen[0]?.init?.cache).toBe("no-store");
  });

  it("reads a 304 as unchanged, and no answer, another status or another body as failed", async () => {
    const answer =
      (res: Response): typeof fetch =>
      () =>
        Promise.resolve(res);
    const ask = { since: 1, after: null };
    expect(await fetchSyncPage(ask, '"v1"', answer(new Response(null, { status: 304 })))).toEqual({
      status: "unchanged",
    });
    expect(await fetchSyncPage(ask, undefined, answer(Response.json({}, { status: 500 })))).toEqual({
      status: "failed",
    });
    expect(await fetchSyncPage(ask, undefined, answer(Response.json({ version: "x" })))).toEqual({
      status: "failed",
    });
    expect(await fetchSyncPage(ask, undefined, () => Promise.reject(new TypeError("offline")))).toEqual({
      status: "failed",
    });
  });
});
