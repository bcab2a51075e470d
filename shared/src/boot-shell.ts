/**
 * The page before the app's JavaScript has run: index.html's boot shell, or the first screen the server writes in
 * its place (server/src/modules/seo/first-screen.ts). The first screen is built from the app's own layout classes,
 * and the app's home and product page take their class names from here, so the two cannot drift apart.
 */

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

/** The picture a page leads with, and where the page shows it (preloaded from the page's head). */
export interface LeadImage {
  image: string;
  place: "hero" | "product";
}

/** Where the server writes a page's first screen in index.html (client/index.html), in place of the boot shell. */
export const FIRST_SCREEN = /<!-- first-screen -->[\s\S]*?<!-- \/first-screen -->/;

/** The first screen's wrapper: the app finds its early "Add to cart" buttons in it, and renders over it. */
export function firstScreenShell(content: string): string {
  return `<div class="first-screen" data-first-screen>${content}</div>`;
}
