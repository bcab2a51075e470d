/** The cart and checkout screen (/cart and /checkout, docs/decisions.md D7): the cart list beside the details
 * form; the details, the promo code and placing the order live in their hooks (use-*.ts). */
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Currency } from "@store/shared/currency";
import type { CheckoutRequest } from "@store/shared/schemas/checkout";
import { useCart } from "../cart/cart-store.ts";
import { earlyProducts, useProductsById } from "../catalog/catalog-hooks.ts";
import { usePricing } from "../catalog/use-money.ts";
import { Figure } from "../../ui/figure.tsx";
import { useLang } from "../prefs/prefs-store.ts";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { changedPrices, checkoutItems, priceCart, promoDiscount, type PriceOverrides } from "./cart-pricing.ts";
import { fingerprintOf } from "./checkout-attempt.ts";
import type { CheckoutDraft } from "./checkout-draft.ts";
import { CheckoutCartLines } from "./checkout-cart-lines.tsx";
import { CheckoutDetailsForm } from "./checkout-details-form.tsx";
import { CheckoutSteps, statesUpTo, type CheckoutStep } from "./checkout-steps.tsx";
import { useCheckoutDetails } from "./use-checkout-details.ts";
import { usePlaceOrder } from "./use-place-order.ts";
import { usePromoCode } from "./use-promo-code.ts";
import { useOnline } from "./use-online.ts";
import { methodChoice, unpayableIn, usePaymentOptions } from "./payments-api.ts";
import type { PaymentProviderName } from "@store/shared/schemas/payments";
import "./checkout.css";

function buildRequest(
  draft: CheckoutDraft,
  items: CheckoutRequest["items"],
  currency: Currency,
  subtotal: number | null,
  locale: CheckoutRequest["locale"],
  paymentMethod: PaymentProviderName | null,
): CheckoutRequest {
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    whatsapp: draft.whatsapp.trim(),
    notes: draft.notes,
    currency,
    items,
    promoCode: draft.promo?.code ?? "",
    subtotal,
    locale,
    paymentMethod,
  };
}

export function CheckoutPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Cart`);
  const rows = useCart();
  const byId = useProductsById();
  // Until the catalog is stored, the lines a first visit's small answer knows are shown from it, the others wait.
  const catalogReady = byId !== undefined;
  const { currency, rates, money } = usePricing();
  const lang = useLang();
  const online = useOnline();
  const paymentOptions = usePaymentOptions();
  const [chosenMethod, setChosenMethod] = useState<PaymentProviderName | null>(null);
  const payment = methodChoice(paymentOptions, currency, chosenMethod);
  const details = useCheckoutDetails();
  const promo = usePromoCode(details);
  const [engaged, setEngaged] = useState(false);
  // The server's prices, after it refused the cart's as out of date.
  const [overrides, setOverrides] = useState<PriceOverrides | null>(null);
  /** The unit prices the shopper saw before the server's, by line, so each changed line reads old → new. */
  const [pricesWere, setPricesWere] = useState<ReadonlyMap<string, number>>(new Map());
  const notice = useRef<HTMLDivElement>(null);

  const cart = useMemo(
    () => priceCart(rows ?? [], byId ?? earlyProducts(), currency, rates, overrides),
    [rows, byId, currency, rates, overrides],
  );
  const { draft } = details;
  const request = useMemo(
    () =>
      buildRequest(
        draft,
        checkoutItems(cart.lines),
        currency,
        cart.complete ? cart.subtotal : null,
        lang,
        payment.method,
      ),
    [draft, cart, currency, lang, payment.method],
  );
  const order = usePlaceOrder({
    request,
    fingerprint: useMemo(() => fingerprintOf(request), [request]),
    loaded: rows !== undefined && byId !== undefined,
    cartLines: rows?.length,
    online,
    details,
    promo,
    onPricesChanged: (next) => {
      setPricesWere(changedPrices(cart.lines, next));
      setOverrides(next);
    },
  });

  const { pending, pricesUpdated } = order;
  // The shopper tapped the button at the bottom: bring the notice (at the top of the cart) to them.
  useEffect(() => {
    if (!pricesUpdated) return;
    notice.current?.scrollIntoView({ block: "center" });
    notice.current?.focus({ preventScroll: true });
  }, [pricesUpdated]);
  const empty = rows !== undefined && rows.length === 0;
  const discount = draft.promo ? promoDiscount(cart.subtotal, draft.promo.percent) : 0;
  const total = cart.subtotal - discount;
  const step: CheckoutStep = pending ? "payment" : empty ? "cart" : engaged ? "details" : "cart";

  if (rows === undefined) return <div className="container page" aria-busy="true" />;

  if (order.phase === "leaving") {
    return (
      <div className="container page checkout">
        <CheckoutSteps states={statesUpTo("payment")} />
        <p role="status" className="checkout-leaving">
          <Trans>Placing...</Trans>
        </p>
      </div>
    );
  }

  return (
    <div className="container page checkout">
      <CheckoutSteps states={statesUpTo(step)} />
      <div className={empty ? "checkout__layout checkout__layout--empty" : "checkout__layout"}>
        <section className="checkout__cart" aria-labelledby="checkout-cart-heading">
          {empty ? (
            <div className="checkout-empty">
              <h1 id="checkout-cart-heading">
                <Trans>Your cart is empty</Trans>
              </h1>
              <Link to="/" className="btn btn--primary btn--lg">
                <Trans>Continue shopping</Trans>
              </Link>
            </div>
          ) : (
            <>
              <h1 id="checkout-cart-heading">
                <Trans>Your cart</Trans>
              </h1>
              {pricesUpdated ? (
                <div className="checkout-notice checkout-notice--warn" role="alert" tabIndex={-1} ref={notice}>
                  <p>
                    <strong>
                      <Trans>Prices have changed. Please review your cart.</Trans>
                    </strong>
                  </p>
                  <p>
                    <Trans>The prices below have been updated to the current ones.</Trans>
                  </p>
                </div>
              ) : null}
              <CheckoutCartLines
                pricesWere={overrides?.currency === currency ? pricesWere : undefined}
                lines={cart.lines}
                currency={currency}
                catalogReady={catalogReady}
                disabled={pending}
              />
              <p className="checkout-subtotal">
                <span>
                  <Trans>Subtotal</Trans>
                </span>
                <strong data-testid="cart-subtotal">
                  <Figure value={cart.complete || catalogReady ? money(cart.subtotal, currency) : null} />
                </strong>
              </p>
            </>
          )}
        </section>

        {/* An empty cart offers the way back to shopping, not a form that orders nothing. */}
        {empty ? null : (
          <CheckoutDetailsForm
            details={details}
            promo={promo}
            currency={currency}
            totals={{ discount, total }}
            online={online}
            pending={pending}
            payableCurrencies={unpayableIn(paymentOptions, currency)}
            payment={payment}
            onChooseMethod={setChosenMethod}
            onSubmit={order.submit}
            onEngaged={() => setEngaged(true)}
          />
        )}
      </div>
    </div>
  );
}
