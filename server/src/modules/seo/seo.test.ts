import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "../../test/harness.ts";
import { acceptsEncoding } from "../../http/encoded-answer.ts";
import { parsePo, STOREFRONT_MESSAGES_FILE } from "@store/shared/po";
import type { AppFiles } from "@store/shared/app-files";
import { FIXED_PAGES } from "./seo.service.ts";
import { count } from "drizzle-orm";

const FILES: AppFiles = {
  entry: "/assets/app-abc123.js",
  imports: ["/assets/react-1.js"],
  routes: [
    ["^/product/[^/]+/?$", ["/assets/product-1.js"]],
    ["^//?$", ["/assets/home-1.js"]],
  ],
  locales: { en: ["/assets/messages-en.js"], ar: ["/assets/messages-ar.js"] },
  routeCatalogs: [],
};

// As the build writes it: the description spans lines (Vite keeps the source's formatting), the boot script
// before the files' data block.
const INDEX = `<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" /><title>Digital Store</title><meta
      name="description"
      content="default"
    /><script>boot()</script><script type="application/json" id="app-files">${JSON.stringify(FILES)}</script></head><body><div id="root"><!-- first-screen --><div class="boot-shell"><div class="boot-shell__hero"></div></div><!-- /first-screen --></div></body></html>`;

/** The storefront's real messages, as the client's build writes them beside index.html. */
function storefrontMessages(): string {
  const locales = path.resolve(import.meta.dirname, "../../../../client/src/i18n/locales");
  return JSON.stringify(
    Object.fromEntries(
      ["en", "fr", "ar"].map((l) => [l, parsePo(fs.readFileSync(path.join(locales, l, "messages.po"), "utf8"))]),
    ),
  );
}

describe("pages, share previews, sitemap and robots", () => {
  let store: TestStore;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "dist-"));
    fs.writeFileSync(path.join(dist, "index.html"), INDEX);
    fs.writeFileSync(path.join(dist, STOREFRONT_MESSAGES_FILE), storefrontMessages());
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
    // Before every script, so the picture takes one of the first connections.
    expect(home.indexOf('rel="preload"')).toBeLessThan(home.indexOf("<script"));
    const product = await (await store.app.request("/product/steam-20")).text();
    expect(product).toContain(
      '<link rel="preload" as="image" href="/uploads/demo/steam-20.webp" fetchpriority="high">',
    );
    const category = await (await store.app.request("/category/gift-cards")).text();
    expect(category).not.toContain('rel="preload"');
  });

  it("writes the home's first screen into the page: its hero, categories and first products, with prices", async () => {
    const res = await store.app.request("/");
    expect(res.headers.get("vary")).toContain("Cookie");
    const home = await res.text();
    expect(home).toContain('<div class="first-screen" data-first-screen>');
    expect(home).not.toContain("boot-shell__hero");
    expect(home).toContain('<h2 class="hero__title">');
    expect(home).toContain('<h2 id="categories-heading">Shop by category</h2>');
    expect(home).toContain('<h2 id="featured-heading">Featured products</h2>');
    const cards = home.match(/<article class="card product-card">/g) ?? [];
    expect(cards.length).toBeGreaterThan(0);
    expect(home).toMatch(/<span class="price__now">(From )?\$\d+\.\d\d<\/span>/);
    // Its buttons add to the cart before the app runs (client/src/app/early-cart.ts).
    expect(home).toMatch(/<button type="button" class="btn btn--primary btn--sm" data-early-add="[^"]+"/);
  });

  it("writes a product page's heading, price and Add to cart", async () => {
    const product = await (await store.app.request("/product/steam-20")).text();
    expect(product).toContain("<h1>Steam Wallet $20</h1>");
    expect(product).toContain('<span class="price__now">$20.00</span>');
    expect(product).toContain('data-early-add="steam-20"');
    expect(product).toContain('<input type="number" min="1" value="1" data-early-qty>');
    expect(product).toContain('<img src="/uploads/demo/steam-20.webp" alt="Steam Wallet $20"');
  });

  it("writes the page in the language and currency the shopper's cookies name", async () => {
    const res = await store.app.request("/product/steam-20", { headers: { Cookie: "lang=ar; currency=TND" } });
    const html = await res.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("أضف إلى السلة");
    expect(html).toMatch(/<span class="price__now">[^<]*د\.ت\.?[^<]*<\/span>/);
    const home = await (await store.app.request("/", { headers: { Cookie: "lang=ar" } })).text();
    expect(home).toContain("منتجات مميزة");
    // Unknown values are the defaults.
    const plain = await (await store.app.request("/", { headers: { Cookie: "lang=xx; currency=GBP" } })).text();
    expect(plain).toContain('<html lang="en" dir="ltr">');
    expect(plain).toContain("Featured products");
  });

  it("writes a page in the language its link names where the shopper's cookies name none, as a mail's link does", async () => {
    const page = async (path: string, cookie?: string) =>
      (await store.app.request(path, cookie ? { headers: { Cookie: cookie } } : {})).text();
    expect(await page("/orders/some-token?lang=ar")).toContain('<html lang="ar" dir="rtl">');
    expect(await page("/?lang=ar")).toContain("منتجات مميزة");
    // The shopper's choice wins, and a language the store does not speak is none.
    expect(await page("/orders/some-token?lang=ar", "lang=fr")).toContain('<html lang="fr" dir="ltr">');
    expect(await page("/orders/some-token?lang=de")).toContain('<html lang="en" dir="ltr">');
  });

  it("carries the first screen's catalog ahead of the boot script, and names no script that could hold up its paint", async () => {
    const home = await (await store.app.request("/")).text();
    const answer = /<script type="application\/json" id="first-answer">(.*?)<\/script>/.exec(home)?.[1];
    expect(JSON.parse(answer ?? "null")).toMatchObject({ full: false, next: null });
    expect(home.indexOf('id="first-answer"')).toBeLessThan(home.indexOf("<script>boot()"));
    // The boot script asks for the app's files after the first paint, from the build's list of them.
    expect(home).toContain(`<script type="application/json" id="app-files">${JSON.stringify(FILES)}</script>`);
    expect(home).not.toMatch(/modulepreload|<script type="module"|<script[^>]* src=/);
  });

  it("lets browsers revalidate every page, and a shared cache keep it only when the operator says so", async () => {
    const page = await store.app.request("/product/steam-20");
    expect(page.headers.get("Cache-Control")).toBe("no-cache");
    expect(page.headers.get("Vary")).toContain("Cookie");
    const cdn = await createTestStore({ env: { CLIENT_DIST: dist, PAGE_CACHE_SECONDS: "60" } });
    try {
      const cached = await cdn.app.request("/");
      expect(cached.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
      // Keyed by the shopper's language and currency cookies, never one page for everyone.
      expect(cached.headers.get("Vary")).toContain("Cookie");
      // Only pages: the API's answers stay uncacheable by a shared cache.
      expect((await cdn.app.request("/api/categories")).headers.get("Cache-Control")).toBe("no-cache");
    } finally {
      await cdn.close();
    }
  });

  it("keeps the boot shell on pages without a first screen", async () => {
    const category = await (await store.app.request("/category/gift-cards")).text();
    expect(category).toContain('<!-- first-screen --><div class="boot-shell">');
    expect(category).not.toContain('id="first-answer"');
    const missing = await store.app.request("/product/nope");
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain("data-first-screen");
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
    const optionsPerProduct = await store.query((db, t) =>
      db.select({ id: t.variants.productId, options: count() }).from(t.variants).groupBy(t.variants.productId),
    );
    const product = optionsPerProduct.find((p) => p.options > 1);
    expect(product).toBeDefined();
    const html = await (await store.app.request(`/product/${product?.id ?? ""}`)).text();
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}");
    expect(data.offers).toMatchObject({ "@type": "AggregateOffer", offerCount: product?.options });
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
