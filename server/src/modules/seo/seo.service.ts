/** Per-page titles, descriptions and Open Graph tags in the served HTML, plus sitemap and robots (D21). */
import { heroBanners } from "@store/shared/banners";
import type { DataLayer, Tx } from "../../db/data.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";

export const STORE_NAME = "Digital Store";
const DEFAULT_DESCRIPTION =
  "Game keys, gift cards, console add-ons, software and subscriptions, delivered instantly by email.";

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  url: string;
  type: "website" | "product";
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** The picture a page leads with, and where the page shows it. */
export interface LeadImage {
  image: string;
  place: "hero" | "product";
}

/** The boot shell's placeholder for the page's lead content in index.html (client/index.html). */
const BOOT_SHELL_LEAD = /<!-- boot-shell:lead -->[\s\S]*?<!-- \/boot-shell:lead -->/;

/**
 * The lead picture inside the app's own layout classes (the entry stylesheet is inlined in index.html), so
 * it paints at the size the app gives it: when the app replaces the shell, its picture is no larger, and
 * the shopper sees the real picture from the first paint instead of a grey box.
 */
function bootShellLead({ image, place }: LeadImage): string {
  const img = `<img src="${escapeHtml(image)}" alt="" width="600" height="400" fetchpriority="high" decoding="async">`;
  return place === "hero"
    ? `<div class="container"><div class="hero"><div class="hero__slide hero__slide--1 hero__slide--image"><div class="hero__content"></div><div class="hero__media">${img}</div></div></div></div>`
    : `<div class="container page"><div class="product-detail"><div class="product-detail__media">${img}</div></div></div>`;
}

export class SeoService {
  constructor(
    private readonly data: DataLayer,
    private readonly catalog: CatalogRepo,
    private readonly publicUrl: string,
  ) {}

  private absolute(url: string): string {
    if (/^https?:\/\//.test(url)) return url;
    return `${this.publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;
  }

  /** The meta for a page path; undefined for pages that keep the default head. */
  async metaFor(tx: Tx, pathname: string): Promise<PageMeta | undefined> {
    const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
    if (product?.[1]) {
      const p = await this.catalog.productById(tx, decodeURIComponent(product[1]));
      if (!p) return undefined;
      return {
        title: `${p.title} | ${STORE_NAME}`,
        description: clip(p.description || p.tagline || DEFAULT_DESCRIPTION, 200),
        ...(p.image && !p.image.startsWith("data:") ? { image: this.absolute(p.image) } : {}),
        url: this.absolute(`/product/${encodeURIComponent(p.id)}`),
        type: "product",
      };
    }
    const category = /^\/categor(?:y|ies)\/([^/]+)\/?$/.exec(pathname);
    if (category?.[1]) {
      const cat = await this.catalog.categoryBySlug(tx, decodeURIComponent(category[1]));
      if (!cat) return undefined;
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
    const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
    if (product?.[1]) {
      const image = (await this.catalog.productById(tx, decodeURIComponent(product[1])))?.image;
      if (image) lead = { image, place: "product" };
    }
    return lead?.image.startsWith("/") ? lead : undefined;
  }

  /**
   * Replaces the default <title> and description, adds Open Graph tags, preloads the lead image and shows
   * it in the boot shell (index.html's placeholder, painted before the app's JavaScript has run).
   */
  async render(indexHtml: string, pathname: string): Promise<string> {
    const { lead, meta } = await this.data.read(async (tx) => ({
      lead: await this.leadImageFor(tx, pathname),
      meta: await this.metaFor(tx, pathname),
    }));
    const html = lead
      ? indexHtml
          .replace(
            "</head>",
            `  <link rel="preload" as="image" href="${escapeHtml(lead.image)}" fetchpriority="high">\n  </head>`,
          )
          .replace(BOOT_SHELL_LEAD, bootShellLead(lead))
      : indexHtml;
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
    ].join("\n    ");
    return html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escapeHtml(meta.description)}">`,
      )
      .replace("</head>", `    ${tags}\n  </head>`);
  }

  async sitemap(): Promise<string> {
    const urls: { loc: string; lastmod?: number }[] = [{ loc: "/" }, { loc: "/products" }];
    const { list, products } = await this.data.read(async (tx) => ({
      list: await this.catalog.listCategories(tx),
      products: await this.catalog.allProductIdsAndDates(tx),
    }));
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
