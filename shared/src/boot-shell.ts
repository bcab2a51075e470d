/**
 * The boot shell's lead picture, painted by the server into index.html before the app's JavaScript arrives
 * (the hero banner on the home page, the product's picture on a product page). It sits inside the app's
 * own layout classes, so it paints at the size the app gives it; the app's home and product page take
 * their class names from here, so the two cannot drift apart.
 */
import { escapeHtml } from "./html.ts";

/** Layout classes of the app that the boot shell copies. */
export const LAYOUT = {
  container: "container",
  page: "container page",
  hero: "hero",
  heroContent: "hero__content",
  heroMedia: "hero__media",
  productDetail: "product-detail",
  productMedia: "product-detail__media",
} as const;

/** A hero slide's classes: one of three colour variants by position, and the picture layout when it has one. */
export function heroSlideClass(index: number, hasImage: boolean): string {
  return `hero__slide hero__slide--${(index % 3) + 1}${hasImage ? " hero__slide--image" : ""}`;
}

/** The picture a page leads with, and where the page shows it. */
export interface LeadImage {
  image: string;
  place: "hero" | "product";
}

/** The boot shell's placeholder for the page's lead content in index.html (client/index.html). */
export const BOOT_SHELL_LEAD = /<!-- boot-shell:lead -->[\s\S]*?<!-- \/boot-shell:lead -->/;

/** The lead picture's markup, in the layout the app gives it (the home page's first slide, the product page). */
export function bootShellLead({ image, place }: LeadImage): string {
  const img = `<img src="${escapeHtml(image)}" alt="" width="600" height="400" fetchpriority="high" decoding="async">`;
  return place === "hero"
    ? `<div class="${LAYOUT.container}"><div class="${LAYOUT.hero}"><div class="${heroSlideClass(0, true)}"><div class="${LAYOUT.heroContent}"></div><div class="${LAYOUT.heroMedia}">${img}</div></div></div></div>`
    : `<div class="${LAYOUT.page}"><div class="${LAYOUT.productDetail}"><div class="${LAYOUT.productMedia}">${img}</div></div></div>`;
}
