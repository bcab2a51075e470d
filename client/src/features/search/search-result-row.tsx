import { memo } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Product } from "@store/shared/schemas/catalog";
import { ProductImage } from "../catalog/product-image.tsx";
import { deliveryLabel, regionLabel } from "../catalog/catalog-labels.ts";

export function optionId(index: number): string {
  return `search-option-${index}`;
}

interface Props {
  product: Product;
  index: number;
  active: boolean;
  price: string;
  onOpen: (product: Product, index: number) => void;
  onHover: (index: number) => void;
}

/** One result: image, title, discount badge, platform/region/delivery, price and, when it cannot be bought now, that
 * it is out of stock (before the shopper opens it); a link to the product. */
export const SearchResultRow = memo(function SearchResultRow({
  product,
  index,
  active,
  price,
  onOpen,
  onHover,
}: Props) {
  const { i18n } = useLingui();
  const meta = [
    product.platform,
    product.region && regionLabel(i18n, product.region),
    deliveryLabel(i18n, product.delivery),
  ]
    .filter(Boolean)
    .join(" · ");
  const discount = product.discountPercent;
  return (
    <Link
      to="/product/$id"
      params={{ id: product.id }}
      id={optionId(index)}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      className="search-row"
      data-active={active || undefined}
      onClick={() => onOpen(product, index)}
      onMouseMove={active ? undefined : () => onHover(index)}
    >
      <ProductImage src={product.image} alt="" width={56} height={56} className="search-row__img thumb" />
      <span className="search-row__main">
        {/* Its own direction: an English title in the Arabic interface is cut at its end, not at its start. */}
        <span className="search-row__title" dir="auto">
          {product.title}
        </span>
        {meta ? <span className="search-row__meta">{meta}</span> : null}
      </span>
      <span className="search-row__end">
        {discount > 0 ? (
          <span className="badge badge--deal badge--static">
            <Trans>{discount}% OFF</Trans>
          </span>
        ) : null}
        <span className="search-row__price">{price}</span>
        {product.inStock ? null : (
          <span className="search-row__stock">
            <Trans>Out of stock</Trans>
          </span>
        )}
      </span>
    </Link>
  );
});

export function SearchSkeleton({ rows }: { rows: number }) {
  return (
    <div className="search-overlay__skeleton" aria-hidden="true" data-testid="search-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="search-row search-row--skeleton">
          <span className="skeleton search-row__img thumb" />
          <span className="search-row__main">
            <span className="skeleton skeleton--text" />
            <span className="skeleton skeleton--text search-row__meta-skeleton" />
          </span>
        </div>
      ))}
    </div>
  );
}
