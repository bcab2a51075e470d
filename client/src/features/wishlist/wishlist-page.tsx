/** The wishlist screen (/wishlist): the products the shopper saved with the heart, read from IndexedDB so it
 * works offline, each with its price now (and the one seen when saved, if it moved), its stock, a move to
 * the cart and a remove. */
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Currency } from "@store/shared/currency";
import type { Product } from "@store/shared/schemas/catalog";
import { toast } from "../../ui/toast.tsx";
import { useProductsById, useSettings } from "../catalog/catalog-hooks.ts";
import { defaultVariant, listingPrice } from "../catalog/pricing.ts";
import { ProductImage } from "../catalog/product-image.tsx";
import { BackInStock } from "../catalog/stock-note.tsx";
import { useMoney } from "../catalog/use-money.ts";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { useCurrency } from "../prefs/prefs-store.ts";
import { moveToCart, priceChange, removeFromWishlist, useWishlist, type WishlistRow } from "./wishlist-store.ts";
import "./wishlist.css";
import { PageMessage } from "../layout/page-message.tsx";

function PriceLine({ row, product, currency }: { row: WishlistRow; product: Product; currency: Currency }) {
  const money = useMoney();
  const { rates } = useSettings();
  const price = listingPrice(product, currency, rates);
  const now = money(price.now, currency);
  const change = priceChange(row, currency, price.now);
  const was = change ? money(change.was, currency) : "";
  return (
    <p className="wishlist-item__price">
      <strong>{product.variants.length > 1 ? <Trans>From {now}</Trans> : now}</strong>
      {change && change.was > price.now ? (
        <span className="wishlist-item__change is-down">
          <Trans>Price dropped: it was {was} when you saved it.</Trans>
        </span>
      ) : null}
      {change && change.was < price.now ? (
        <span className="wishlist-item__change is-up">
          <Trans>Price went up: it was {was} when you saved it.</Trans>
        </span>
      ) : null}
    </p>
  );
}

function WishlistItem({ row, product }: { row: WishlistRow; product: Product | null }) {
  const { t } = useLingui();
  const currency = useCurrency();
  const remove = () => void removeFromWishlist(row.productId);
  if (!product) {
    return (
      <li className="wishlist-item" data-product={row.productId}>
        <div className="wishlist-item__body">
          <p className="wishlist-item__title">
            <Trans>This product is no longer available.</Trans>
          </p>
        </div>
        <div className="wishlist-item__actions">
          <button type="button" className="btn btn--secondary btn--sm" onClick={remove}>
            <Trans>Remove</Trans>
          </button>
        </div>
      </li>
    );
  }
  const title = product.title;
  const move = async () => {
    try {
      await moveToCart(product.id, defaultVariant(product)?.id);
      toast.success(t`Moved to cart`, { description: title });
    } catch {
      toast.error(t`Could not add to cart.`);
    }
  };
  return (
    <li className="wishlist-item" data-product={product.id}>
      <Link to="/product/$id" params={{ id: product.id }} className="wishlist-item__media" tabIndex={-1} aria-hidden>
        <ProductImage src={product.image} alt="" width={96} height={64} />
      </Link>
      <div className="wishlist-item__body">
        <Link to="/product/$id" params={{ id: product.id }} className="wishlist-item__title">
          {title}
        </Link>
        <PriceLine row={row} product={product} currency={currency} />
        <p className={product.inStock ? "wishlist-item__stock is-in" : "wishlist-item__stock is-out"}>
          {product.inStock ? <Trans>In stock</Trans> : <Trans>Out of stock</Trans>}
        </p>
        <BackInStock product={product} />
      </div>
      <div className="wishlist-item__actions">
        {product.variants.length > 1 ? (
          <Link
            to="/product/$id"
            params={{ id: product.id }}
            className="btn btn--primary btn--sm"
            aria-label={t`Choose an option: ${title}`}
          >
            <Trans>Choose an option</Trans>
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={!product.inStock}
            aria-label={t`Move to cart: ${title}`}
            onClick={() => void move()}
          >
            <Trans>Move to cart</Trans>
          </button>
        )}
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          aria-label={t`Remove from wishlist: ${title}`}
          onClick={remove}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </li>
  );
}

export function WishlistPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Wishlist`);
  const rows = useWishlist();
  const byId = useProductsById();

  if (rows === undefined || (rows.length > 0 && byId === undefined)) {
    return (
      <div className="container page" aria-busy="true">
        <div className="skeleton skeleton--title" />
        <p className="visually-hidden" role="status">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <PageMessage
        title={<Trans>Your wishlist is empty</Trans>}
        action={
          <Link to="/products" className="btn btn--primary">
            <Trans>Browse all products</Trans>
          </Link>
        }
      >
        <Trans>Tap the heart on a product to save it here for later.</Trans>
      </PageMessage>
    );
  }
  return (
    <div className="container page wishlist">
      <h1>
        <Trans>Your wishlist</Trans>
      </h1>
      <ul className="wishlist__list" aria-label={t`Saved products`}>
        {rows.map((row) => (
          <WishlistItem key={row.productId} row={row} product={byId?.get(row.productId) ?? null} />
        ))}
      </ul>
    </div>
  );
}
