/** Per-page titles, descriptions, Open Graph tags and structured data in the served HTML, the page's HTTP
 * status (404 for pages that do not exist), plus sitemap and robots (docs/decisions.md D21). */
import { FIRST_ANSWER_ID } from "@store/shared/app-files";
import { heroBanners } from "@store/shared/banners";
import { escapeHtml } from "@store/shared/html";
import { FIRST_SCREEN, firstScreenShell, type LeadImage } from "@store/shared/boot-shell";
import type { PagePrefs } from "@store/shared/page-prefs";
import { STOREFRONT_MESSAGES_FILE, type Messages } from "@store/shared/po";
import { toMajor, DEFAULT_RATES } from "@store/shared/currency";
import { unitPrice } from "@store/shared/money";
import type { Product } from "@store/shared/schemas/catalog";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { DataLayer, Tx } from "../../db/data.ts";
import { encodeAnswer, type EncodedAnswer } from "../../http/encoded-answer.ts";
import { FreshRead } from "../../lib/fresh-read.ts";
import { VersionedCache } from "../../lib/versioned-cache.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import type { CatalogVersions } from "../catalog/catalog-versions.repo.ts";
import { firstScreenText, type CatalogService } from "../catalog/catalog.service.ts";
import { firstScreenHtml, type FirstScreenPage } from "./first-screen.ts";

const STORE_NAME = "Digital Store";

const SITEMAP_TYPE = "application/xml; charset=utf-8";
const DEFAULT_DESCRIPTION =
  "Game keys, gift cards, console add-ons, software and subscriptions, delivered instantly by email.";

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  url: string;
  type: "website" | "product";
  /** schema.org data for search engines (a product with its offers). */
  structuredData?: object;
}

/** Pages of the app that exist whatever the catalog holds (client/src/routes). */
export const FIXED_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/products",
  "/cart",
  "/checkout",
  "/order-success",
  "/wishlist",
  "/find-order",
  "/admin",
  "/admin/login",
]);
const PRIVATE_ORDER_PAGE = /^\/orders\/[^/]+$/;
const PRODUCT_PAGE = /^\/product\/([^/]+)$/;
const CATEGORY_PAGE = /^\/categor(?:y|ies)\/([^/]+)$/;

/** A path segment decoded, or undefined when its percent-encoding is malformed (a 404, never a 500). */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The path without a trailing slash ("/product/x/" is the page "/product/x"). */
const pagePath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/** JSON inside <script> must not close the element: "<" is escaped (valid JSON either way). */
const scriptText = (json: string): string => json.replace(/</g, "\\u003c");
const scriptJson = (data: object): string => scriptText(JSON.stringify(data));

const usd = (minor: number): string => toMajor(minor, "USD").toFixed(2);

/** schema.org Product with its offer (or the range of its options' offers), in USD. */
function productStructuredData(p: Product, url: string, image: string | undefined): object {
  const availability = p.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const prices = (p.variants.length > 0 ? p.variants.map((v) => v.price) : [p.price]).map((price) =>
    unitPrice(price, p.discountPercent, "USD", DEFAULT_RATES),
  );
  const offers =
    prices.length > 1
      ? {
          "@type": "AggregateOffer",
          priceCurrency: "USD",
          lowPrice: usd(Math.min(...prices)),
          highPrice: usd(Math.max(...prices)),
          offerCount: prices.length,
          availability,
          url,
        }
      : { "@type": "Offer", priceCurrency: "USD", price: usd(prices[0] ?? 0), availability, url };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.title,
    description: p.description,
    ...(image ? { image } : {}),
    ...(p.sku ? { sku: p.sku } : {}),
    offers,
  };
}

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** Pages kept per catalog version: the most visited products and categories stay built. */
const MAX_CACHED_PAGES = 1000;

/** The storefront's messages per language, as the client's build writes them (client/vite-plugins.ts). */
export type StorefrontMessages = Record<string, Messages>;

/** The built client's messages; none (pages in English) when the build has not written them. */
export function readStorefrontMessages(clientDist: string): StorefrontMessages {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(clientDist, STOREFRONT_MESSAGES_FILE), "utf8"));
    return typeof parsed === "object" && parsed !== null ? (parsed as StorefrontMessages) : {};
  } catch {
    return {};
  }
}

export class SeoService {
  constructor(
    private readonly data: DataLayer,
    private readonly catalog: CatalogRepo,
    private readonly versions: CatalogVersions,
    private readonly catalogService: CatalogService,
    private readonly publicUrl: string,
    /** Read again with each new build of the client (when its index.html changes). */
    private readonly readMessages: () => StorefrontMessages,
  ) {}
  private messages: StorefrontMessages = {};

  /** Pages and the sitemap, built once per catalog version (docs/decisions.md D27); pages also per index.html
   * (a new build of the client starts a new cache). */
  private answers = new VersionedCache<EncodedAnswer>(MAX_CACHED_PAGES);
  private indexHtml = "";
  private readonly currentVersion = new FreshRead(
    () => this.data.readCatalog(0, (tx) => this.versions.currentRev(tx)),
    () => this.data.changeStamp(),
  );

  private absolute(url: string): string {
    if (/^https?:\/\//.test(url)) return url;
    return `${this.publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;
  }

  private async productAt(tx: Tx, pathname: string): Promise<Product | undefined> {
    const id = PRODUCT_PAGE.exec(pagePath(pathname))?.[1];
    const decoded = id === undefined ? undefined : decodeSegment(id);
    return decoded === undefined ? undefined : this.catalog.productById(tx, decoded);
  }

  /** 404 for addresses that are no page of the store: unknown paths, products and categories. */
  async statusFor(tx: Tx, pathname: string): Promise<200 | 404> {
    const page = pagePath(pathname);
    if (FIXED_PAGES.has(page) || PRIVATE_ORDER_PAGE.test(page)) return 200;
    if (PRODUCT_PAGE.test(page)) return (await this.productAt(tx, page)) ? 200 : 404;
    const slug = CATEGORY_PAGE.exec(page)?.[1];
    const decoded = slug === undefined ? undefined : decodeSegment(slug);
    return decoded !== undefined && (await this.catalog.categoryBySlug(tx, decoded)) ? 200 : 404;
  }

  /** The meta for a page path; undefined for pages that keep the default head. */
  async metaFor(tx: Tx, pathname: string): Promise<PageMeta | undefined> {
    const p = await this.productAt(tx, pathname);
    if (p) {
      const url = this.absolute(`/product/${encodeURIComponent(p.id)}`);
      const image = p.image && !p.image.startsWith("data:") ? this.absolute(p.image) : undefined;
      return {
        title: `${p.title} | ${STORE_NAME}`,
        description: clip(p.description || p.tagline || DEFAULT_DESCRIPTION, 200),
        ...(image ? { image } : {}),
        url,
        type: "product",
        structuredData: productStructuredData(p, url, image),
      };
    }
    const slug = CATEGORY_PAGE.exec(pagePath(pathname))?.[1];
    const decoded = slug === undefined ? undefined : decodeSegment(slug);
    const cat = decoded === undefined ? undefined : await this.catalog.categoryBySlug(tx, decoded);
    if (cat) {
      return {
        title: `${cat.name} Store | ${STORE_NAME}`,
        description: `${cat.name}: ${DEFAULT_DESCRIPTION}`,
        url: this.absolute(`/category/${cat.slug}`),
        type: "website",
      };
    }
    return undefined;
  }

  /**
   * The image a page shows largest on first paint (the first hero banner, the product's picture), so the
   * browser can fetch it while the app's JavaScript is still on its way. Undefined when there is none.
   */
  async leadImageFor(tx: Tx, pathname: string): Promise<LeadImage | undefined> {
    let lead: LeadImage | undefined;
    if (pathname === "/") {
      const image = heroBanners(await this.catalog.bannersChangedSince(tx, 0))[0]?.image;
      if (image) lead = { image, place: "hero" };
    }
    const image = (await this.productAt(tx, pathname))?.image;
    if (image) lead = { image, place: "product" };
    return lead?.image.startsWith("/") ? lead : undefined;
  }

  /**
   * Replaces the default <title> and description, adds Open Graph tags, preloads the lead image and shows
   * it in the boot shell (index.html's placeholder, painted before the app's JavaScript has run).
   */
  async page(indexHtml: string, pathname: string, prefs: PagePrefs): Promise<EncodedAnswer> {
    if (indexHtml !== this.indexHtml) {
      this.indexHtml = indexHtml;
      this.answers = new VersionedCache<EncodedAnswer>(MAX_CACHED_PAGES);
      this.messages = this.readMessages();
    }
    const version = await this.currentVersion.get();
    return this.answers.get(version, `page:${pagePath(pathname)}:${prefs.lang}:${prefs.currency}`, () =>
      this.data.readCatalog(version, async (tx) => {
        const html = await this.render(tx, indexHtml, pathname, prefs);
        const status = await this.statusFor(tx, pathname);
        const etag = `W/"page-${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`;
        const value = encodeAnswer(html, "text/html; charset=UTF-8", etag, status);
        return { version: await this.versions.currentRev(tx), value, keep: status === 200 };
      }),
    );
  }

  /** The page's first screen and its catalog answer, on the home and product pages (undefined elsewhere). */
  private async firstScreen(tx: Tx, pathname: string, prefs: PagePrefs) {
    const page = pagePath(pathname);
    const product = page === "/" ? undefined : await this.productAt(tx, page);
    const kind: FirstScreenPage | undefined =
      page === "/" ? { kind: "home" } : product ? { kind: "product", product } : undefined;
    if (!kind) return undefined;
    const { body } = await this.catalogService.firstScreen(product?.id);
    const html = firstScreenHtml({
      page: kind,
      ...prefs,
      messages: this.messages[prefs.lang] ?? {},
      products: body.products,
      categories: body.categories,
      banners: body.banners,
      settings: body.settings,
    });
    return { html, answer: firstScreenText(body) };
  }

  private async render(tx: Tx, indexHtml: string, pathname: string, prefs: PagePrefs): Promise<string> {
    const lead = await this.leadImageFor(tx, pathname);
    const first = await this.firstScreen(tx, pathname, prefs);
    const head = [
      // First in the head, ahead of the app's scripts: a browser opens six connections to a host over
      // HTTP/1.1, and a picture asked for after two dozen scripts waits for them.
      ...(lead ? [`<link rel="preload" as="image" href="${escapeHtml(lead.image)}" fetchpriority="high">`] : []),
      // Ahead of the boot script, which hands it to the app.
      ...(first
        ? [`<script type="application/json" id="${FIRST_ANSWER_ID}">${scriptText(first.answer)}</script>`]
        : []),
    ];
    // The build's list of the app's files stays in the page: the boot script asks for them once the first screen
    // has painted (client/src/app/app-loader.ts), so no script stands between the first byte and that paint.
    const html = indexHtml
      .replace(
        /<html lang="[^"]*" dir="[^"]*">/,
        `<html lang="${prefs.lang}" dir="${prefs.lang === "ar" ? "rtl" : "ltr"}">`,
      )
      .replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => [charset, ...head].join("\n    "))
      .replace(FIRST_SCREEN, (shell) => (first ? firstScreenShell(first.html) : shell));
    const meta = await this.metaFor(tx, pathname);
    if (!meta) return html;
    const tags = [
      `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
      `<meta property="og:type" content="${meta.type}">`,
      `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
      `<meta property="og:site_name" content="${STORE_NAME}">`,
      ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}">`] : []),
      `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}">`,
      `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
      ...(meta.structuredData
        ? [`<script type="application/ld+json">${scriptJson(meta.structuredData)}</script>`]
        : []),
    ].join("\n    ");
    return html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
      .replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escapeHtml(meta.description)}">`,
      )
      .replace("</head>", `    ${tags}\n  </head>`);
  }

  /** The sitemap, encoded; built once per catalog version. */
  async sitemapAnswer(): Promise<EncodedAnswer> {
    const version = await this.currentVersion.get();
    return this.answers.get(version, "sitemap", () =>
      this.data.readCatalog(version, async (tx) => {
        const xml = await this.sitemap(tx);
        const etag = `W/"sitemap-${version}"`;
        return { version: await this.versions.currentRev(tx), value: encodeAnswer(xml, SITEMAP_TYPE, etag) };
      }),
    );
  }

  private async sitemap(tx: Tx): Promise<string> {
    const urls: { loc: string; lastmod?: number }[] = [{ loc: "/" }, { loc: "/products" }];
    const list = await this.catalog.listCategories(tx);
    const products = await this.catalog.allProductIdsAndDates(tx);
    for (const c of list) urls.push({ loc: `/category/${c.slug}` });
    for (const p of products) urls.push({ loc: `/product/${encodeURIComponent(p.id)}`, lastmod: p.updatedAt });
    const body = urls
      .map(
        (u) =>
          `  <url><loc>${escapeHtml(this.absolute(u.loc))}</loc>${u.lastmod ? `<lastmod>${new Date(u.lastmod).toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
      )
      .join("\n");
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
  }

  robots(): string {
    return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /orders/\nDisallow: /cart\nDisallow: /checkout\n\nSitemap: ${this.absolute("/sitemap.xml")}\n`;
  }
}
