import { useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { earlyChoice } from "../../app/early-cart.ts";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../ui/toast.tsx";
import { CURRENCIES } from "@store/shared/currency";
import { LAYOUT } from "@store/shared/boot-shell";
import { addToCart } from "../cart/cart-store.ts";
import { useAddedToCartToast } from "../cart/use-added-toast.ts";
import { toggleWishlist, useIsWishlisted } from "../wishlist/wishlist-store.ts";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { useCatalogStatus, useCategoryMap, useProduct, useSettings } from "./catalog-hooks.ts";
import { useLocalizedProduct } from "./localized.ts";
import { CatalogUnavailable } from "./catalog-unavailable.tsx";
import { listingPrice, priceView } from "./pricing.ts";
import { usePricing } from "./use-money.ts";
import { ProductImage } from "./product-image.tsx";
import { HeartIcon } from "../../ui/icons.tsx";
import { Breadcrumb } from "./breadcrumb.tsx";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { WasPrice } from "./was-price.tsx";
import { PageMessage } from "../layout/page-message.tsx";
import { BackInStock, FewLeft } from "./stock-note.tsx";
import { deliveryLabel, regionLabel } from "./catalog-labels.ts";
import { ManualDeliveryNote } from "./manual-delivery-note.tsx";

/** Focuses a field unless the shopper has since gone to another. */
function takeFocus(field: HTMLInputElement): void {
  if (document.activeElement === document.body) field.focus();
}

export function ProductPage({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const status = useCatalogStatus();
  const product = useLocalizedProduct(useProduct(id));
  const added = useAddedToCartToast();
  const categories = useCategoryMap();
  const { currency, rates, money } = usePricing();
  const wishlisted = useIsWishlisted(id) ?? false;
  // Where the server's page was on screen first, the app starts from what the shopper chose on it.
  const maxQty = useSettings().maxQtyPerOrder;
  const [readEarly] = useState(() => earlyChoice(document));
  const [early] = useState(() => readEarly?.());
  const [variantId, setVariantId] = useState<string | null>(early?.variantId ?? null);
  const [qty, setQty] = useState(Math.min(maxQty, early?.qty ?? 1));
  // The shopper may have chosen again while the app rendered: the server's fields, read once more as the app's
  // page replaces them (before it is painted), have the last word, and a shopper who was typing in the server's
  // quantity field goes on typing in the app's.
  const startedFrom = useRef(early);
  const qtyField = useRef<HTMLInputElement | null>(null);
  const focusQtyOnMount = useRef(false);
  const qtyFieldRef = useCallback((field: HTMLInputElement | null) => {
    qtyField.current = field;
    if (field && focusQtyOnMount.current) {
      focusQtyOnMount.current = false;
      takeFocus(field);
    }
  }, []);
  useLayoutEffect(() => {
    const last = readEarly?.();
    const first = startedFrom.current;
    // Once: the server's fields are out of the page from this commit on.
    startedFrom.current = undefined;
    if (!last || !first) return;
    if (last.variantId !== first.variantId) setVariantId(last.variantId ?? null);
    if (last.qty !== first.qty) setQty(Math.min(maxQty, last.qty));
    // While the product loads, its page has no quantity field yet: the field takes the focus when it comes.
    if (last.typing && qtyField.current) takeFocus(qtyField.current);
    else if (last.typing) focusQtyOnMount.current = true;
  }, [readEarly, maxQty]);
  // Whether the shopper typed more than the limit: the field says so instead of cutting the number silently.
  const [qtyCapped, setQtyCapped] = useState(false);
  const qtyLimitId = useId();
  useDocumentTitle(product ? product.title : null);

  if (product === null && status === "failed") return <CatalogUnavailable />;
  if (product === undefined || (product === null && status !== "ready")) {
    return (
      <div className="container page" aria-busy="true">
        <div className="product-detail">
          <div className="skeleton skeleton--media" />
          <div>
            <div className="skeleton skeleton--title" />
            <div className="skeleton skeleton--text" />
            <div className="skeleton skeleton--text" />
          </div>
        </div>
        <p className="visually-hidden" role="status">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (product === null) {
    return (
      <PageMessage
        title={<Trans>Product not found.</Trans>}
        action={
          <Link to="/products" className="btn btn--primary">
            <Trans>Browse all products</Trans>
          </Link>
        }
      />
    );
  }

  const variant = product.variants.find((v) => v.id === variantId) ?? product.variants[0];
  const price = priceView(product, currency, rates, variant);
  const discount = product.discountPercent;
  const category = product.categoryId ? categories.get(product.categoryId) : undefined;

  const add = async () => {
    try {
      await addToCart(product.id, qty, variant?.id);
      added(variant ? `${product.title} — ${variant.name}` : product.title);
    } catch {
      toast.error(t`Could not add to cart.`);
    }
  };

  const onWishlist = async () => {
    // The listing price per currency, so the wishlist can later say how it moved.
    const prices = Object.fromEntries(CURRENCIES.map((c) => [c, listingPrice(product, c, rates).now]));
    const added = await toggleWishlist(product.id, prices);
    toast(added ? t`Added to wishlist` : t`Removed from wishlist`);
  };

  return (
    <div className={LAYOUT.page}>
      <Breadcrumb within={category} current={product.title} />
      <div className={LAYOUT.productDetail}>
        <div className={LAYOUT.productMedia}>
          <ProductImage src={product.image} alt={product.title} width={600} height={400} eager />
        </div>
        <div className="product-detail__info">
          <div className="product-detail__badges">
            {category ? <span className="chip">{category.name}</span> : null}
            {product.platform ? <span className="chip">{product.platform}</span> : null}
            {product.region ? <span className="chip">{regionLabel(i18n, product.region)}</span> : null}
            {product.discountPercent > 0 ? (
              <span className="badge badge--deal badge--static">
                <Trans>{discount}% OFF</Trans>
              </span>
            ) : null}
          </div>
          <div className="product-detail__title-row">
            <h1>{product.title}</h1>
            <button
              type="button"
              className={`btn btn--ghost btn--icon wishlist-toggle ${wishlisted ? "is-active" : ""}`}
              aria-pressed={wishlisted}
              aria-label={t`Add to wishlist`}
              onClick={() => void onWishlist()}
            >
              <HeartIcon size={22} filled={wishlisted} />
            </button>
          </div>
          {/* The operator's article code; the internal id means nothing to a shopper. */}
          {product.sku ? (
            <p className="sku">
              <Trans>SKU:</Trans> <span dir="ltr">{product.sku}</span>
            </p>
          ) : null}
          <p className="price price--lg">
            <span className="price__now">{money(price.now, currency)}</span>
            {price.was !== null ? <WasPrice amount={money(price.was, currency)} /> : null}
          </p>

          {product.variants.length > 0 ? (
            <fieldset className="variant-picker">
              <legend>
                <Trans>Choose an option</Trans>
              </legend>
              {product.variants.map((v) => (
                <label key={v.id} className={`variant ${variant?.id === v.id ? "is-selected" : ""}`}>
                  <input
                    type="radio"
                    name="variant"
                    value={v.id}
                    checked={variant?.id === v.id}
                    onChange={() => setVariantId(v.id)}
                  />
                  <span>{v.name}</span>
                </label>
              ))}
            </fieldset>
          ) : null}

          <ul className="price-tiles" aria-label={t`Prices in other currencies`}>
            {CURRENCIES.map((c) => {
              const tile = priceView(product, c, rates, variant);
              return (
                <li key={c} className={`price-tile ${c === currency ? "is-current" : ""}`} data-currency={c}>
                  <span className="price-tile__code">{c}</span>
                  <span className="price-tile__amount">{money(tile.now, c)}</span>
                </li>
              );
            })}
          </ul>

          <div className="buy-row">
            <label className="qty">
              <span className="visually-hidden">
                <Trans>Quantity</Trans>
              </span>
              <input
                ref={qtyFieldRef}
                type="number"
                min={1}
                max={maxQty}
                value={qty}
                aria-describedby={qtyLimitId}
                onChange={(e) => {
                  const typed = Math.trunc(Number(e.target.value)) || 1;
                  setQtyCapped(typed > maxQty);
                  setQty(Math.max(1, Math.min(maxQty, typed)));
                }}
              />
            </label>
            <AddToCartButton inStock={product.inStock} size="lg" onAdd={() => void add()} />
          </div>
          <p id={qtyLimitId} className="qty-limit" aria-live="polite" data-testid="qty-limit">
            {qtyCapped ? <QtyLimit /> : null}
          </p>
          <FewLeft product={product} variantId={variant?.id ?? ""} />
          <BackInStock product={product} variantId={variantId ?? ""} />

          <div className="delivery-info">
            <h2>
              <Trans>Delivery</Trans>
            </h2>
            {product.deliveryMode === "manual" ? (
              <ManualDeliveryNote />
            ) : (
              <p>
                <Trans>Your code is delivered instantly by email once payment is confirmed.</Trans>
              </p>
            )}
            {product.delivery ? <p>{deliveryLabel(i18n, product.delivery)}</p> : null}
          </div>

          <div className="product-detail__desc">
            <h2>
              <Trans>Description</Trans>
            </h2>
            <p>{product.description}</p>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The most of one product an order may hold (the store's limit), said where the shopper meets it. */
export function QtyLimit() {
  const max = useSettings().maxQtyPerOrder;
  return <Trans>Maximum {max} per order</Trans>;
}
