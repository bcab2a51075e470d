/**
 * The first screen written into the page itself (docs/decisions.md D38): the home's hero and first products, or a
 * product's heading, price and "Add to cart", in the shopper's language and currency, in the app's own layout
 * classes and words (the storefront's message catalogs). On a slow line the shopper reads and taps it one round
 * trip after asking, while the app's scripts are still arriving; the app then renders the same screen over it.
 *
 * Its "Add to cart" buttons carry what the boot script needs to put the product in the cart before the app runs
 * (client/src/app/early-cart.ts).
 */
import { heroBanners } from "@store/shared/banners";
import { heroSlideClass, LAYOUT } from "@store/shared/boot-shell";
import { localizeBanner, localizeCategory, localizeProduct } from "@store/shared/catalog-translations";
import { CURRENCIES, formatMoney, ratesWith, type Currency } from "@store/shared/currency";
import { EARLY_CART } from "@store/shared/early-cart";
import { DEFAULT_TOGGLES } from "@store/shared/store-settings";
import { featured, HOME_SECTION_SIZE, HOME_TILES, tileSlug } from "@store/shared/home-sections";
import { escapeHtml } from "@store/shared/html";
import { translate, type Messages } from "@store/shared/po";
import { defaultVariant, listingPrice, priceView } from "@store/shared/pricing";
import type { Banner, Category, Product, StoreSettings } from "@store/shared/schemas/catalog";

export type FirstScreenPage = { kind: "home" } | { kind: "product"; product: Product };

export interface FirstScreenInput {
  page: FirstScreenPage;
  lang: string;
  currency: Currency;
  /** The storefront's messages in `lang` (English messages are their own ids). */
  messages: Messages;
  /** The home sections' products (the first screen's catalog answer). */
  products: readonly Product[];
  categories: readonly Category[];
  banners: readonly Banner[];
  /** The store's settings; null before any were saved (the defaults apply). */
  settings: StoreSettings | null;
}

/** The cards a home's first screen shows: the featured section's first row on a phone, and the next. */
const FIRST_CARDS = 4;

const LOGO =
  '<svg aria-hidden="true" width="32" height="32" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="var(--accent)"/><path d="M18 22h28a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4V26a4 4 0 0 1 4-4z" fill="none" stroke="#fff" stroke-width="4"/><circle cx="24" cy="33" r="3" fill="#fff"/><path d="M36 30h8M36 36h6" stroke="#fff" stroke-width="4" stroke-linecap="round"/></svg>';
/** The app's line icons (client/src/ui/icons.tsx), as markup. */
const lineIcon = (size: number, shapes: string): string =>
  `<svg aria-hidden="true" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">${shapes}</svg>`;
const MENU_ICON = lineIcon(20, '<path d="M4 6h16M4 12h16M4 18h16"/>');
const SEARCH_ICON = lineIcon(18, '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>');
const HEART_ICON = lineIcon(
  20,
  '<path d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.3 3.2 4.5 7 4.5c2.1 0 3.6 1.1 5 2.9 1.4-1.8 2.9-2.9 5-2.9 3.8 0 5.9 3.8 4.5 7.2C19.5 16.4 12 21 12 21z"/>',
);
const CART_ICON = lineIcon(
  20,
  '<path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6"/><circle cx="10" cy="20" r="1.4"/><circle cx="17" cy="20" r="1.4"/>',
);

/** Writes one screen; `t` says a message in the shopper's language, `e` escapes text for HTML. */
class Writer {
  private readonly rates;
  private readonly categoryById: Map<string, Category>;

  constructor(private readonly input: FirstScreenInput) {
    this.rates = ratesWith(input.settings?.rate.usdToTnd);
    this.categoryById = new Map(input.categories.map((c) => [c.id, localizeCategory(c, input.lang)]));
  }

  t(id: string, values?: Record<string, string | number>): string {
    return escapeHtml(translate(this.input.messages, id, values));
  }

  money(minor: number, currency: Currency = this.input.currency): string {
    return escapeHtml(formatMoney(minor, currency, this.input.lang));
  }

  header(): string {
    const categories = this.input.categories.filter((c) => c.parentId === null);
    const links = categories
      .map((c) => {
        const name = localizeCategory(c, this.input.lang).name;
        return `<li><a class="nav-link" href="/category/${encodeURIComponent(c.slug)}">${escapeHtml(name)}</a></li>`;
      })
      .join("");
    // The header's controls where the app has them, so nothing moves when it takes over: links where a page can
    // do their job (all products for the menu and search), and the language menu's place kept.
    const actions = [
      `<a href="/products" class="btn btn--ghost btn--icon-text search-trigger">${SEARCH_ICON}<span class="search-trigger__label">${this.t("Search")}</span></a>`,
      `<span class="btn btn--ghost btn--icon" style="visibility:hidden" aria-hidden="true"></span>`,
      `<a href="/wishlist" class="btn btn--ghost btn--icon count-link" aria-label="${this.t("Wishlist")}">${HEART_ICON}</a>`,
      `<a href="/cart" class="btn btn--ghost btn--icon count-link" aria-label="${this.t("Cart")}" ${EARLY_CART.cartLink}>${CART_ICON}<span class="count-badge" ${EARLY_CART.count} aria-hidden="true" style="display:none"></span></a>`,
    ].join("");
    return `<header class="site-header"><div class="container site-header__bar"><a href="/products" class="btn btn--ghost btn--icon show-sm" aria-label="${this.t("All Products")}">${MENU_ICON}</a><a href="/" class="logo" aria-label="${this.t("Digital Store home")}">${LOGO}<span class="logo__text">Digital Store</span></a><div class="site-header__actions">${actions}</div></div><nav class="container site-nav hide-sm" aria-label="${this.t("Categories")}"><ul class="site-nav__list"><li><a class="nav-link" href="/products">${this.t("All Products")}</a></li>${links}</ul></nav></header>`;
  }

  /** The button that adds `product` (its option `variantId`) before the app runs, with the words it says then. */
  addButton(product: Product, size: "sm" | "lg", variantId: string | undefined): string {
    if (!product.inStock) {
      return `<button type="button" class="btn btn--primary btn--${size}" disabled>${this.t("Out of stock")}</button>`;
    }
    const data = [
      `${EARLY_CART.product}="${escapeHtml(product.id)}"`,
      variantId ? `${EARLY_CART.variant}="${escapeHtml(variantId)}"` : "",
      `${EARLY_CART.added}="${this.t("Added to cart")}"`,
    ].join(" ");
    return `<button type="button" class="btn btn--primary btn--${size}" ${data}>${this.t("Add to cart")}</button>`;
  }

  picture(src: string, alt: string, eager: boolean): string {
    if (!src)
      return `<div class="img-placeholder" role="img" aria-label="${escapeHtml(alt)}" style="aspect-ratio:600 / 400"></div>`;
    const loading = eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
    return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="600" height="400" ${loading} decoding="async">`;
  }

  /** A product card; its picture waits until the shopper scrolls near it (the home's cards sit below the hero,
   * whose banner is the page's lead picture and should have the line to itself). */
  card(stored: Product): string {
    const product = localizeProduct(stored, this.input.lang);
    const choosesOption = product.variants.length > 1;
    const price = listingPrice(product, this.input.currency, this.rates);
    const category = product.categoryId ? this.categoryById.get(product.categoryId) : undefined;
    const badge = category?.name ?? product.platform;
    const flag =
      product.discountPercent > 0
        ? `<span class="badge badge--deal">${this.t("{discount}% OFF", { discount: product.discountPercent })}</span>`
        : `<span class="badge badge--info">${product.tagline ? escapeHtml(product.tagline) : this.t("Instant delivery")}</span>`;
    const now = choosesOption
      ? this.t("From {0}", { 0: formatMoney(price.now, this.input.currency, this.input.lang) })
      : this.money(price.now);
    const action =
      choosesOption && product.inStock
        ? `<a href="/product/${encodeURIComponent(product.id)}" class="btn btn--primary btn--sm">${this.t("Choose an option")}</a>`
        : this.addButton(product, "sm", defaultVariant(product)?.id);
    return `<li><article class="card product-card"><a href="/product/${encodeURIComponent(product.id)}" class="product-card__link"><div class="product-card__media">${this.picture(product.image, product.title, false)}${flag}</div><div class="product-card__body">${badge ? `<span class="chip">${escapeHtml(badge)}</span>` : ""}<h3 class="product-card__title">${escapeHtml(product.title)}</h3><p class="product-card__desc">${escapeHtml(product.description)}</p><p class="product-card__meta"><span>${this.delivery(product.delivery)}</span><span><span class="visually-hidden">${this.t("Supported currencies:")} </span>${CURRENCIES.join(" · ")}</span></p></div></a><div class="product-card__footer"><p class="price"><span class="price__now">${now}</span>${price.was !== null ? this.was(price.was) : ""}</p>${action}</div></article></li>`;
  }

  was(minor: number): string {
    return `<s class="price__was"><span class="visually-hidden">${this.t("Original price:")} </span>${this.money(minor)}</s>`;
  }

  /** The store's own "Email" label in the shopper's language, any other the operator's text (catalog-labels.ts). */
  delivery(label: string): string {
    const trimmed = label.trim();
    return trimmed === "" || /^e-?mail( delivery)?$/i.test(trimmed) ? this.t("Email delivery") : escapeHtml(trimmed);
  }

  hero(): string {
    const banner = heroBanners(this.input.banners.map((b) => localizeBanner(b, this.input.lang)))[0];
    const headline = banner ? escapeHtml(banner.title) : this.t("Level up with instant game keys");
    const body = banner
      ? ""
      : `<p class="hero__body">${this.t("Top titles for PC, PlayStation, Xbox and Switch, with codes in your inbox in minutes.")}</p>`;
    const image = banner?.image
      ? `<div class="${LAYOUT.heroMedia}"><img src="${escapeHtml(banner.image)}" alt="" width="600" height="400" decoding="async" loading="eager"></div>`
      : "";
    return `<div class="${LAYOUT.container}"><section class="${LAYOUT.hero}"><div class="hero__viewport"><div class="${heroSlideClass(0, Boolean(banner?.image))}"><div class="${LAYOUT.heroContent}"><h2 class="hero__title">${headline}</h2>${body}<div class="hero__actions"><a href="/#featured" class="btn btn--primary btn--lg">${this.t("Shop Now")}</a><a href="/#categories" class="btn btn--secondary btn--lg">${this.t("Browse Deals")}</a></div></div>${image}</div></div></section></div>`;
  }

  promos(): string {
    if (!(this.input.settings?.toggles ?? DEFAULT_TOGGLES).showPromo) return "";
    const promo = (href: string, kind: string, eyebrow: string, title: string, cta: string) =>
      `<a href="${href}" class="promo promo--${kind}"><span class="promo__eyebrow">${this.t(eyebrow)}</span><strong class="promo__title">${this.t(title)}</strong><span class="promo__cta">${this.t(cta)}</span></a>`;
    return `<div class="container promo-row">${promo("/#featured", "gift", "Gift cards", "The perfect gift, delivered instantly", "Shop gift cards")}${promo("/#new", "console", "Console gear", "Add-ons, passes and memberships", "See what's new")}</div>`;
  }

  tiles(): string {
    const tiles = HOME_TILES.map(
      (tile) =>
        `<li><a href="/category/${encodeURIComponent(tileSlug(tile, this.input.categories))}" class="tile tile--${tile.key}"><strong class="tile__title">${this.t(tile.title)}</strong><span class="tile__text">${this.t(tile.text)}</span></a></li>`,
    ).join("");
    return `<section id="categories" class="section container" aria-labelledby="categories-heading"><div class="section__head"><h2 id="categories-heading">${this.t("Shop by category")}</h2></div><ul class="tile-grid">${tiles}</ul></section>`;
  }

  home(): string {
    const picks = featured([...this.input.products]).slice(0, Math.min(FIRST_CARDS, HOME_SECTION_SIZE));
    const cards = picks.map((p) => this.card(p)).join("");
    const grid = cards ? `<ul class="product-grid">${cards}</ul>` : `<p class="empty">${this.t("No products yet")}</p>`;
    return `<h1 class="visually-hidden">${this.t("Digital Store: game keys, gift cards and subscriptions, delivered by email")}</h1>${this.hero()}${this.promos()}${this.tiles()}<section id="featured" class="section container" aria-labelledby="featured-heading"><div class="section__head"><h2 id="featured-heading">${this.t("Featured products")}</h2><a href="/products" class="link-more">${this.t("View all")}</a></div>${grid}</section>`;
  }

  product(stored: Product): string {
    const product = localizeProduct(stored, this.input.lang);
    const variant = defaultVariant(product);
    const price = priceView(product, this.input.currency, this.rates, variant);
    const category = product.categoryId ? this.categoryById.get(product.categoryId) : undefined;
    const sep = '<span aria-hidden="true">/</span>';
    const crumbs = [
      `<a href="/">${this.t("Home")}</a>${sep}`,
      category ? `<a href="/category/${encodeURIComponent(category.slug)}">${escapeHtml(category.name)}</a>${sep}` : "",
      `<span aria-current="page">${escapeHtml(product.title)}</span>`,
    ].join("");
    const chips = [category?.name, product.platform]
      .filter((c): c is string => Boolean(c))
      .map((c) => `<span class="chip">${escapeHtml(c)}</span>`)
      .join("");
    const options =
      product.variants.length > 1
        ? `<fieldset class="variant-picker"><legend>${this.t("Choose an option")}</legend>${product.variants
            .map(
              (v, i) =>
                `<label class="variant${i === 0 ? " is-selected" : ""}"><input type="radio" name="variant" value="${escapeHtml(v.id)}"${i === 0 ? " checked" : ""}> ${escapeHtml(v.name)}</label>`,
            )
            .join("")}</fieldset>`
        : "";
    return `<div class="${LAYOUT.page}"><nav aria-label="${this.t("Breadcrumb")}" class="breadcrumb">${crumbs}</nav><div class="${LAYOUT.productDetail}"><div class="${LAYOUT.productMedia}">${this.picture(product.image, product.title, true)}</div><div class="product-detail__info"><div class="product-detail__badges">${chips}</div><div class="product-detail__title-row"><h1>${escapeHtml(product.title)}</h1></div><p class="price price--lg"><span class="price__now">${this.money(price.now)}</span>${price.was !== null ? this.was(price.was) : ""}</p>${options}<div class="buy-row"><label class="qty"><span class="visually-hidden">${this.t("Quantity")}</span><input type="number" min="1" value="1" ${EARLY_CART.quantity}></label>${this.addButton(product, "lg", variant?.id)}</div><div class="product-detail__desc"><h2>${this.t("Description")}</h2><p>${escapeHtml(product.description)}</p></div></div></div></div>`;
  }
}

/** The page's first screen as HTML, to stand in #root until the app renders over it. */
export function firstScreenHtml(input: FirstScreenInput): string {
  const writer = new Writer(input);
  const main = input.page.kind === "home" ? writer.home() : writer.product(input.page.product);
  return `${writer.header()}<main id="main">${main}</main>`;
}
