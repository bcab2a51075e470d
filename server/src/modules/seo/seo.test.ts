import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "../../test/harness.ts";
import { acceptsEncoding } from "../../http/encoded-answer.ts";
import { FIXED_PAGES } from "./seo.service.ts";

// The description spans lines as in the built index.html (Vite keeps the source's formatting).
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><title>Digital Store</title><meta
      name="description"
      content="default"
    /><script type="module" crossorigin src="/assets/app-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/app-abc123.js"></head><body><div id="root"><div class="boot-shell"><!-- boot-shell:lead --><div class="boot-shell__hero"></div><!-- /boot-shell:lead --></div></div></body></html>`;

describe("pages, share previews, sitemap and robots", () => {
  let store: TestStore;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "dist-"));
    fs.writeFileSync(path.join(dist, "index.html"), INDEX);
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
    fs.writeFileSync(path.join(dist, "assets", "app-abc123.js.br"), zlib.brotliCompressSync("console.log(1)"));
    store = await createTestStore({ seed: true, env: { CLIENT_DIST: dist } });
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("puts the product's title, description and Open Graph tags in its page", async () => {
    const res = await store.app.request("/product/steam-20");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Steam Wallet $20 | Digital Store</title>");
    expect(html).toContain('<meta property="og:title" content="Steam Wallet $20 | Digital Store">');
    expect(html).toContain('<meta property="og:image" content="http://store.test/uploads/demo/steam-20.webp">');
    expect(html).toMatch(/<meta name="description" content="Add funds to your Steam Wallet/);
  });

  it("preloads the image a page shows first: the first hero banner, the product's picture", async () => {
    const home = await (await store.app.request("/")).text();
    expect(home).toContain('<link rel="preload" as="image" href="/uploads/demo/banner-1.webp" fetchpriority="high">');
    // Before every script and module preload, so the picture takes one of the first connections.
    expect(home.indexOf('rel="preload"')).toBeLessThan(home.indexOf("<script"));
    expect(home.indexOf('rel="preload"')).toBeLessThan(home.indexOf("modulepreload"));
    const product = await (await store.app.request("/product/steam-20")).text();
    expect(product).toContain(
      '<link rel="preload" as="image" href="/uploads/demo/steam-20.webp" fetchpriority="high">',
    );
    const category = await (await store.app.request("/category/gift-cards")).text();
    expect(category).not.toContain('rel="preload"');
  });

  it("paints the lead image in the boot shell, in the app's own layout, before the app runs", async () => {
    const home = await (await store.app.request("/")).text();
    expect(home).toContain(
      '<div class="hero__media"><img src="/uploads/demo/banner-1.webp" alt="" width="600" height="400" fetchpriority="high" decoding="async"></div>',
    );
    expect(home).not.toContain("boot-shell__hero");
    const product = await (await store.app.request("/product/steam-20")).text();
    expect(product).toContain(
      '<div class="product-detail__media"><img src="/uploads/demo/steam-20.webp" alt="" width="600" height="400"',
    );
    expect(product).not.toContain("banner-1.webp");
    // Pages without a lead image keep the grey placeholder.
    const category = await (await store.app.request("/category/gift-cards")).text();
    expect(category).toContain('<!-- boot-shell:lead --><div class="boot-shell__hero"></div><!-- /boot-shell:lead -->');
  });

  it("titles a category page '{name} Store'", async () => {
    const html = await (await store.app.request("/category/gift-cards")).text();
    expect(html).toContain("<title>Gift Cards Store | Digital Store</title>");
    const plural = await (await store.app.request("/categories/gift-cards")).text();
    expect(plural).toContain("Gift Cards Store");
  });

  it("escapes what it puts in the head and keeps the default head for unknown pages", async () => {
    const html = await (await store.app.request("/product/%3Cscript%3E")).text();
    expect(html).toBe(INDEX);
    expect(await (await store.app.request("/some/spa/route")).text()).toBe(INDEX);
  });

  it("answers 404 with the app's page for addresses that are no page, and 200 for real pages", async () => {
    for (const missing of [
      "/no-such-page",
      "/product/no-such-product",
      "/category/no-such-category",
      "/categories/no-such-category",
      "/admin/no-such-section",
      "/product/%E0%A4%A",
      "/category/%C0%AF",
    ]) {
      const res = await store.app.request(missing);
      expect(res.status, missing).toBe(404);
      expect(res.headers.get("Content-Type"), missing).toContain("text/html");
      expect(await res.text(), missing).toContain('<div id="root">');
    }
    for (const page of [
      ...FIXED_PAGES,
      "/orders/some-private-token",
      "/product/steam-20",
      "/product/steam-20/",
      "/category/gift-cards",
      "/categories/gift-cards",
    ]) {
      expect((await store.app.request(page)).status, page).toBe(200);
    }
  });

  it("describes a product page in the head: its description and schema.org Product data with its offer", async () => {
    const html = await (await store.app.request("/product/steam-20")).text();
    expect(html).not.toContain('content="default"');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(JSON.parse(json ?? "{}")).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Steam Wallet $20",
      description: expect.stringContaining("Add funds to your Steam Wallet"),
      image: "http://store.test/uploads/demo/steam-20.webp",
      sku: "STEAM-20",
      offers: {
        "@type": "Offer",
        priceCurrency: "USD",
        price: "20.00",
        availability: "https://schema.org/InStock",
        url: "http://store.test/product/steam-20",
      },
    });
  });

  it("gives a product sold in several options the range of its offers", async () => {
    const products = await store.data.read((tx) => store.services.catalogRepo.productsChangedSince(tx, 0));
    const product = products.find((p) => p.variants.length > 1);
    expect(product).toBeDefined();
    const html = await (await store.app.request(`/product/${product?.id ?? ""}`)).text();
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}");
    expect(data.offers).toMatchObject({ "@type": "AggregateOffer", offerCount: product?.variants.length });
    expect(Number(data.offers.lowPrice)).toBeLessThan(Number(data.offers.highPrice));
  });

  it("serves hashed assets with a year-long immutable cache and unknown assets as 404", async () => {
    const res = await store.app.request("/assets/app-abc123.js");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await store.app.request("/assets/missing.js")).status).toBe(404);
    expect((await store.app.request("/../../etc/passwd")).status).not.toBe(500);
  });

  it("sends a hashed asset's Brotli copy to browsers that accept br, and the plain file to the others", async () => {
    const br = await store.app.request("/assets/app-abc123.js", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(br.headers.get("Vary")).toContain("Accept-Encoding");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe("console.log(1)");
    for (const accept of ["gzip", "br;q=0", undefined]) {
      const res = await store.app.request(
        "/assets/app-abc123.js",
        accept ? { headers: { "Accept-Encoding": accept } } : {},
      );
      expect(res.headers.get("Content-Encoding")).not.toBe("br");
    }
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("br;q=0.5", "br")).toBe(true);
    expect(acceptsEncoding("br;q=0, gzip", "br")).toBe(false);
    expect(acceptsEncoding("brotli", "br")).toBe(false);
  });

  it("lists every product and category in the sitemap", async () => {
    const xml = await (await store.app.request("/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://store.test/product/steam-20</loc>");
    expect(xml).toContain("<loc>http://store.test/category/esports</loc>");
    const robots = await (await store.app.request("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://store.test/sitemap.xml");
  });
});
