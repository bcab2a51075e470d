import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Currency } from "@store/shared/currency";
import { removeCartLine, setCartQty } from "../cart/cart-store.ts";
import { ProductImage } from "../catalog/product-image.tsx";
import { useSettings } from "../catalog/catalog-hooks.ts";
import { QtyLimit } from "../catalog/product-page.tsx";
import { ManualDeliveryNote } from "../catalog/manual-delivery-note.tsx";
import { useMoney } from "../catalog/use-money.ts";
import { Figure } from "../../ui/figure.tsx";
import type { PricedLine } from "./cart-pricing.ts";

interface Props {
  lines: readonly PricedLine[];
  /** The unit price each line had before the server changed it (by line key): such a line reads old → new. */
  pricesWere?: ReadonlyMap<string, number> | undefined;
  currency: Currency;
  /** False until the catalog is stored: a line it cannot price yet waits, rather than reading as unavailable. */
  catalogReady: boolean;
  disabled: boolean;
}

/** The cart list: image, title (+ variant), unit price x quantity, and minus, plus and remove buttons. */
export function CheckoutCartLines({ lines, pricesWere, currency, catalogReady, disabled }: Props) {
  const { t } = useLingui();
  const money = useMoney();
  const maxQty = useSettings().maxQtyPerOrder;
  return (
    <ul className="checkout-lines" aria-label={t`Items in your cart`}>
      {lines.map((line) => {
        const productTitle = line.product ? line.product.title : catalogReady ? t`Unavailable product` : "…";
        const variantName = line.variant?.name ?? null;
        const title = variantName ? `${productTitle} — ${variantName}` : productTitle;
        const qty = line.qty;
        const atLimit = qty >= maxQty;
        const was = pricesWere?.get(line.key);
        return (
          <li
            key={line.key}
            className={was === undefined ? "checkout-line" : "checkout-line checkout-line--changed"}
            data-line={line.key}
          >
            <div className="checkout-line__media">
              <ProductImage
                src={line.product?.image ?? ""}
                alt={productTitle}
                width={72}
                height={72}
                className="checkout-line__img thumb"
              />
            </div>
            <div className="checkout-line__body">
              <p className="checkout-line__title">
                {line.product ? (
                  <Link to="/product/$id" params={{ id: line.id }} dir="auto">
                    {productTitle}
                  </Link>
                ) : (
                  productTitle
                )}
                {variantName ? (
                  <span className="checkout-line__variant" dir="auto">
                    {variantName}
                  </span>
                ) : null}
              </p>
              <p className="checkout-line__price">
                {line.unitPrice === null ? (
                  catalogReady ? (
                    <span className="muted">
                      <Trans>Price unavailable</Trans>
                    </span>
                  ) : (
                    <Figure value={null} />
                  )
                ) : (
                  <>
                    {was !== undefined ? (
                      <span className="checkout-line__was" data-testid="line-price-change">
                        <Trans>
                          Price changed: <s>{money(was, currency)}</s> →{" "}
                          <strong>{money(line.unitPrice, currency)}</strong>
                        </Trans>
                      </span>
                    ) : null}
                    <span className="checkout-line__unit" data-testid="line-unit-qty">
                      <bdi>{money(line.unitPrice, currency)}</bdi> × <bdi>{qty}</bdi>
                    </span>
                    {line.lineTotal !== null ? (
                      <strong className="checkout-line__total">
                        <bdi>{money(line.lineTotal, currency)}</bdi>
                      </strong>
                    ) : null}
                  </>
                )}
              </p>
              {line.product?.deliveryMode === "manual" ? (
                <ManualDeliveryNote className="checkout-line__note muted" />
              ) : null}
            </div>
            <div className="checkout-line__actions">
              <div className="qty-stepper" role="group" aria-label={t`Quantity of ${title}`}>
                <button
                  type="button"
                  className="qty-stepper__btn"
                  aria-label={t`Decrease quantity of ${title}`}
                  disabled={disabled}
                  onClick={() => void setCartQty(line.key, qty - 1)}
                >
                  <span aria-hidden="true">−</span>
                </button>
                <span className="qty-stepper__value" aria-live="polite" data-testid="line-qty">
                  {qty}
                </span>
                <button
                  type="button"
                  className="qty-stepper__btn"
                  aria-label={t`Increase quantity of ${title}`}
                  aria-describedby={atLimit ? `${line.key}-limit` : undefined}
                  disabled={disabled || atLimit}
                  onClick={() => void setCartQty(line.key, qty + 1)}
                >
                  <span aria-hidden="true">+</span>
                </button>
              </div>
              {atLimit ? (
                <p id={`${line.key}-limit`} className="qty-limit" data-testid="line-qty-limit">
                  <QtyLimit />
                </p>
              ) : null}
              <button
                type="button"
                className="btn btn--ghost btn--sm checkout-line__remove"
                aria-label={t`Remove ${title} from cart`}
                disabled={disabled}
                onClick={() => void removeCartLine(line.key)}
              >
                <Trans>Remove</Trans>
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
