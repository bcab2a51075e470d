import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../ui/toast.tsx";
import type { Category, Product } from "@store/shared/schemas/catalog";
import { CURRENCIES } from "@store/shared/currency";
import { addToCart } from "../cart/cart-store.ts";
import { useAddedToCartToast } from "../cart/use-added-toast.ts";
import { defaultVariant, listingPrice } from "./pricing.ts";
import { usePricing } from "./use-money.ts";
import { deliveryLabel } from "./catalog-labels.ts";
import { ProductImage } from "./product-image.tsx";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { WasPrice } from "./was-price.tsx";
import { useLocalizedProduct } from "./localized.ts";

interface Props {
  product: Product;
  category?: Category | undefined;
  /** Eager-load the image (first cards above the fold). */
  eager?: boolean;
}

export function ProductCard({ product: stored, category, eager = false }: Props) {
  const { t, i18n } = useLingui();
  const product = useLocalizedProduct(stored);
  const added = useAddedToCartToast();
  const { currency, rates, money } = usePricing();
  // A product sold in several options (1 month, 3 months...) lets the shopper choose on its page.
  const choosesOption = product.variants.length > 1;
  const variant = choosesOption ? undefined : defaultVariant(product);
  const price = listingPrice(product, currency, rates);
  const badge = category?.name ?? product.platform;
  const discount = product.discountPercent;

  const add = async () => {
    try {
      await addToCart(product.id, 1, variant?.id);
      added(product.title);
    } catch {
      toast.error(t`Could not add to cart.`);
    }
  };

  return (
    <article className="card product-card">
      <Link to="/product/$id" params={{ id: product.id }} className="product-card__link">
        <div className="product-card__media">
          <ProductImage src={product.image} alt={product.title} width={600} height={400} eager={eager} />
          {discount > 0 ? (
            <span className="badge badge--deal">
              <Trans>{discount}% OFF</Trans>
            </span>
          ) : (
            <span className="badge badge--info">{product.tagline || <Trans>Instant delivery</Trans>}</span>
          )}
        </div>
        <div className="product-card__body">
          {badge ? <span className="chip">{badge}</span> : null}
          <h3 className="product-card__title">{product.title}</h3>
          <p className="product-card__desc">{product.description}</p>
          <p className="product-card__meta">
            <span>{deliveryLabel(i18n, product.delivery)}</span>
            <span>
              <span className="visually-hidden">
                <Trans>Supported currencies:</Trans>{" "}
              </span>
              {CURRENCIES.join(" · ")}
            </span>
          </p>
        </div>
      </Link>
      <div className="product-card__footer">
        <p className="price">
          <span className="price__now">
            {choosesOption ? <Trans>From {money(price.now, currency)}</Trans> : money(price.now, currency)}
          </span>
          {price.was !== null ? <WasPrice amount={money(price.was, currency)} /> : null}
        </p>
        {choosesOption && product.inStock ? (
          <Link
            to="/product/$id"
            params={{ id: product.id }}
            className="btn btn--primary btn--sm"
            aria-label={t`Choose an option: ${product.title}`}
          >
            <Trans>Choose an option</Trans>
          </Link>
        ) : (
          <AddToCartButton inStock={product.inStock} size="sm" onAdd={() => void add()} />
        )}
      </div>
    </article>
  );
}
