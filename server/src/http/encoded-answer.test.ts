import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsEncoding, encodeAnswer, matchesEtag, sendAnswer } from "./encoded-answer.ts";

const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Product ${i}` })) });

function appServing(body: string, etag = 'W/"v1"') {
  const answer = encodeAnswer(body, "application/json; charset=utf-8", etag);
  const app = new Hono();
  app.get("/", (c) => sendAnswer(c, answer, "no-cache"));
  return app;
}

describe("encoded answers", () => {
  it("sends Brotli, then gzip, then the bytes as they are, as the client accepts", async () => {
    const app = appServing(big);
    const br = await app.request("/", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toBe("Accept-Encoding");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("Content-Length"))).toBe(brBytes.length);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(big);
    expect(brBytes.length).toBeLessThan(big.length / 4);

    const gz = await app.request("/", { headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(big);

    const plain = await app.request("/");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(big);
  });

  it("sends a small answer as it is, whatever the client accepts", async () => {
    const res = await appServing('{"ok":true}').request("/", { headers: { "Accept-Encoding": "br" } });
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(await res.text()).toBe('{"ok":true}');
  });

  it("answers 304 with no body when the client's copy is current", async () => {
    const app = appServing(big, 'W/"catalog-full-7"');
    const res = await app.request("/", { headers: { "If-None-Match": '"other", W/"catalog-full-7"' } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("ETag")).toBe('W/"catalog-full-7"');
    expect((await app.request("/", { headers: { "If-None-Match": 'W/"catalog-full-6"' } })).status).toBe(200);
  });

  it("reads Accept-Encoding and If-None-Match as HTTP defines them", () => {
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("br;q=0, gzip", "br")).toBe(false);
    expect(acceptsEncoding("br;q=0, gzip", "gzip")).toBe(true);
    expect(acceptsEncoding(undefined, "gzip")).toBe(false);
    expect(matchesEtag("*", 'W/"a"')).toBe(true);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('W/"ab"', 'W/"a"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
  });

  it("compresses each encoding once, on first demand", async () => {
    const answer = encodeAnswer(big, "application/json", "x");
    const first = answer.encoded("br");
    expect(answer.encoded("br")).toBe(first);
    expect(await first).toBeInstanceOf(Buffer);
  });
});
