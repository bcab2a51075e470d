/** Which banners the home page's hero shows, in which order: the storefront and the server agree on it. */
import type { Banner } from "./schemas/catalog.ts";

/** Active banners by the operator's position, ties broken by id so every reader sees one order. */
export function heroBanners<B extends Pick<Banner, "active" | "position" | "id">>(banners: readonly B[]): B[] {
  return banners
    .filter((b) => b.active)
    .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
