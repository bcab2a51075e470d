import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, jsonRequest, type TestStore } from "../test/harness.ts";

describe("security headers", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore({ seed: true });
  });
  afterAll(() => store.close());

  it("go on every kind of answer: data, a 404, a refused request and a validation error", async () => {
    const answers = [
      await store.app.request("/api/categories"),
      await store.app.request("/api/nothing-here"),
      await store.app.request("/api/admin/orders"),
      await store.app.request("/api/checkout", jsonRequest("POST", { items: [] })),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 401, 400]);
    for (const res of answers) {
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("go on the answers built once and sent with their own headers, their 304s too", async () => {
    const full = await store.app.request("/api/sync", { headers: { "Accept-Encoding": "br" } });
    const { version } = JSON.parse(zlib.brotliDecompressSync(Buffer.from(await full.arrayBuffer())).toString()) as {
      version: number;
    };
    const answers = [
      full,
      await store.app.request(`/api/sync?since=${version}`),
      await store.app.request("/api/first"),
      await store.app.request("/sitemap.xml"),
      await store.app.request("/api/categories", { headers: { "If-None-Match": full.headers.get("ETag") ?? "" } }),
      await store.app.request("/api/sync", { headers: { "If-None-Match": full.headers.get("ETag") ?? "" } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 304]);
    for (const res of answers) {
      expect(res.headers.get("X-Content-Type-Options"), res.url).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("Cache-Control")).toMatch(/no-cache|max-age/);
      expect(res.headers.get("ETag")).toMatch(/^W\//);
    }
    expect(full.headers.get("Content-Encoding")).toBe("br");
    expect(full.headers.get("Vary")).toBe("Accept-Encoding");
    // Reached over https (the address the server saw), the answer asks browsers to keep to https.
    const overHttps = await store.app.request(`https://store.test/api/sync?since=${version}`);
    expect(overHttps.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(answers[1]?.headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("content security policy and transport security", () => {
  const boot = 'document.documentElement.dataset.theme = "dark";';
  const INDEX = `<!doctype html><html><head><title>Store</title><script>${boot}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "dist-csp-"));
    fs.writeFileSync(path.join(dist, "index.html"), INDEX);
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "sw.js"), "self.skipWaiting()");
    fs.writeFileSync(path.join(dist, "assets", "sync-store.worker-test.js"), "self.onmessage = () => {};");
    fs.writeFileSync(path.join(dist, "assets", "app-test.js"), "export {};");
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  const open = (env: Record<string, string> = {}) =>
    createTestStore({ seed: true, env: { CLIENT_DIST: dist, ...env } });

  it("allows a page's own inline boot script by its hash, and nothing inline that it did not ship", async () => {
    const store = await open();
    try {
      const res = await store.app.request("/");
      const policy = res.headers.get("Content-Security-Policy") ?? "";
      const hash = createHash("sha256").update(boot).digest("base64");
      expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      // A 404 page and the service worker carry the page policy too; an API answer may do nothing at all.
      expect((await store.app.request("/no-such-page")).headers.get("Content-Security-Policy")).toBe(policy);
      expect((await store.app.request("/sw.js")).headers.get("Content-Security-Policy")).toContain(
        "connect-src 'self'",
      );
      // A module worker runs under its own script's policy too; a script a page loads runs under the page's, and
      // keeps the short one.
      expect(
        (await store.app.request("/assets/sync-store.worker-test.js")).headers.get("Content-Security-Policy"),
      ).toContain("connect-src 'self'");
      expect((await store.app.request("/assets/app-test.js")).headers.get("Content-Security-Policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      const api = await store.app.request("/api/categories");
      expect(api.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers.get("Strict-Transport-Security")).toBeNull();
    } finally {
      await store.close();
    }
  });

  it("asks browsers to keep to https when the store is served over https", async () => {
    const https = await open({ PUBLIC_URL: "https://shop.example" });
    try {
      for (const path of ["/", "/admin", "/api/categories"]) {
        expect((await https.app.request(path)).headers.get("Strict-Transport-Security"), path).toBe(
          "max-age=31536000; includeSubDomains",
        );
      }
    } finally {
      await https.close();
    }
    const proxied = await open({ TRUST_PROXY: "1" });
    try {
      const viaProxy = await proxied.app.request("/", { headers: { "X-Forwarded-Proto": "https" } });
      expect(viaProxy.headers.get("Strict-Transport-Security")).toContain("max-age=31536000");
      expect((await proxied.app.request("/")).headers.get("Strict-Transport-Security")).toBeNull();
    } finally {
      await proxied.close();
    }
    // Without a trusted proxy, anyone could send the header: it is not believed.
    const direct = await open();
    try {
      const forged = await direct.app.request("/", { headers: { "X-Forwarded-Proto": "https" } });
      expect(forged.headers.get("Strict-Transport-Security")).toBeNull();
    } finally {
      await direct.close();
    }
  });
});
