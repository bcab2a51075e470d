/** The cart and checkout screen (/cart and /checkout,
 * docs/decisions.md D7): cart list, details form, promo code, submit. */
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../ui/toast.tsx";
import { coerceCurrency, CURRENCIES, type Currency } from "@store/shared/currency";
import { checkoutDetailsSchema, type CheckoutRequest, type CheckoutResponse } from "@store/shared/schemas/checkout";
import { PROMO_INVALID } from "@store/shared/schemas/promos";
import { clearCart, useCart } from "../cart/cart-store.ts";
import { useCatalogReady, useProducts, useSettings } from "../catalog/catalog-hooks.ts";
import { useMoney } from "../catalog/use-money.ts";
import { setCurrency, useCurrency, useLang } from "../prefs/prefs-store.ts";
import { useDocumentTitle } from "../layout/use-document-title.ts";
import { syncCatalog } from "../../local/catalog-sync.ts";
import { checkoutItems, overridesFrom, priceCart, promoDiscount, type PriceOverrides } from "./cart-pricing.ts";
import { postCheckout, validatePromo } from "./checkout-api.ts";
import {
  attemptAfter,
  attemptFor,
  attemptStillValid,
  fingerprintOf,
  loadAttempt,
  randomKey,
  saveAttempt,
  type CheckoutAttempt,
} from "./checkout-attempt.ts";
import { NOTES_MAX, browserStorage, clearDraft, loadDraft, saveDraft, type CheckoutDraft } from "./checkout-draft.ts";
import { failureText, translateMessage } from "./checkout-messages.ts";
import { CheckoutCartLines } from "./checkout-cart-lines.tsx";
import { CheckoutField } from "./checkout-field.tsx";
import { CheckoutSteps, statesUpTo, type CheckoutStep } from "./checkout-steps.tsx";
import { rememberPlacedOrder } from "./placed-order.ts";
import { useOnline } from "./use-online.ts";
import "./checkout.css";

type DetailField = "name" | "email" | "whatsapp" | "notes";
const DETAIL_FIELDS: readonly DetailField[] = ["name", "email", "whatsapp", "notes"];

/** The shared schema's English message for a field, or null when the value is valid. */
function fieldError(field: DetailField, value: string): string | null {
  const result = checkoutDetailsSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

function buildRequest(
  draft: CheckoutDraft,
  items: CheckoutRequest["items"],
  currency: Currency,
  subtotal: number | null,
  locale: CheckoutRequest["locale"],
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
  };
}

type Phase = "idle" | "submitting" | "leaving";

export function CheckoutPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Cart`);
  const navigate = useNavigate();
  const router = useRouter();
  const rows = useCart();
  const products = useProducts();
  const catalogReady = useCatalogReady();
  const currency = useCurrency();
  const lang = useLang();
  const { rates } = useSettings();
  const money = useMoney();
  const online = useOnline();

  const [draft, setDraft] = useState<CheckoutDraft>(() => loadDraft(browserStorage("local")));
  const [touched, setTouched] = useState<ReadonlySet<DetailField>>(() => new Set());
  const [phase, setPhase] = useState<Phase>("idle");
  const [engaged, setEngaged] = useState(false);
  const [overrides, setOverrides] = useState<PriceOverrides | null>(null);
  const [pricesUpdated, setPricesUpdated] = useState(false);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [promoChecking, setPromoChecking] = useState(false);
  // A key kept after a network error survives a reload, so the retry is still recognised by the server.
  const [storedAttempt] = useState(() => loadAttempt(browserStorage("session")));
  const attemptRef = useRef<CheckoutAttempt | null>(storedAttempt);
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    whatsapp: useRef<HTMLInputElement>(null),
    notes: useRef<HTMLTextAreaElement>(null),
  };

  useEffect(() => {
    saveDraft(browserStorage("local"), draft);
  }, [draft]);

  const byId = useMemo(() => new Map((products ?? []).map((p) => [p.id, p] as const)), [products]);
  const cart = useMemo(
    () => priceCart(rows ?? [], byId, currency, rates, overrides),
    [rows, byId, currency, rates, overrides],
  );
  const request = useMemo(
    () => buildRequest(draft, checkoutItems(cart.lines), currency, cart.complete ? cart.subtotal : null, lang),
    [draft, cart, currency, lang],
  );
  const fingerprint = useMemo(() => fingerprintOf(request), [request]);

  // Any change to the cart or the details after a failed attempt means the next submit gets a new key
  // (checked only once the cart and catalog have loaded, so a reload does not drop the retry key).
  const loaded = rows !== undefined && products !== undefined;
  useEffect(() => {
    if (loaded && attemptRef.current && !attemptStillValid(attemptRef.current, fingerprint)) {
      attemptRef.current = null;
      saveAttempt(browserStorage("session"), null);
    }
  }, [fingerprint, loaded]);

  const errors: Record<DetailField, string | null> = {
    name: touched.has("name") ? fieldError("name", draft.name) : null,
    email: touched.has("email") ? fieldError("email", draft.email) : null,
    whatsapp: touched.has("whatsapp") ? fieldError("whatsapp", draft.whatsapp) : null,
    notes: touched.has("notes") ? fieldError("notes", draft.notes) : null,
  };
  const shownError = (field: DetailField): string | null => {
    const error = errors[field];
    return error ? translateMessage(i18n, error) : null;
  };

  const update = (patch: Partial<CheckoutDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const touch = (field: DetailField) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));

  const pending = phase !== "idle";
  const empty = rows !== undefined && rows.length === 0;
  const discount = draft.promo ? promoDiscount(cart.subtotal, draft.promo.percent) : 0;
  const total = cart.subtotal - discount;
  const step: CheckoutStep = pending ? "payment" : empty ? "cart" : engaged ? "details" : "cart";

  const openOrderPage = (orderUrl: string) => {
    try {
      const url = new URL(orderUrl, window.location.origin);
      if (url.origin === window.location.origin) router.history.push(url.pathname);
      else window.location.assign(url.href);
    } catch {
      window.location.assign(orderUrl);
    }
  };

  const onPlaced = async (order: CheckoutResponse) => {
    setPhase("leaving");
    attemptRef.current = null;
    saveAttempt(browserStorage("session"), null);
    clearDraft(browserStorage("local"));
    await clearCart().catch(() => undefined);
    const code = order.panierCode;
    rememberPlacedOrder(browserStorage("session"), { code, total: order.total, currency: order.currency });
    if (order.requiresPayment && order.paymentLink) {
      toast(t`Redirecting to payment...`, {
        description: t`Order ${code} created. Completing payment...`,
        duration: 10_000,
      });
      window.location.assign(order.paymentLink);
      return;
    }
    // One toast (a second one would stack over the 'View order' action): the email outcome is its description.
    toast.success(t`Order placed! Check your email for confirmation.`, {
      description: order.emailSent ? t`Order confirmed! Email sent.` : t`Order confirmed! Email could not be sent.`,
      duration: 12_000,
      action: { label: t`View order`, onClick: () => openOrderPage(order.orderUrl) },
    });
    await navigate({ to: "/order-success", search: { code } });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || rows === undefined) return;
    if (rows.length === 0) {
      toast.error(t`Your cart is empty. Browse deals.`);
      return;
    }
    setTouched(new Set(DETAIL_FIELDS));
    const firstInvalid = DETAIL_FIELDS.find((field) => fieldError(field, draft[field]) !== null);
    if (firstInvalid) {
      fieldRefs[firstInvalid].current?.focus();
      return;
    }
    if (!online) return;

    const attempt = attemptFor(attemptRef.current, fingerprint, randomKey);
    attemptRef.current = attempt;
    saveAttempt(browserStorage("session"), attempt);
    setPhase("submitting");
    setPricesUpdated(false);
    const outcome = await postCheckout(request, attempt.key);
    const kept = attemptAfter(attempt, outcome.kind === "network" ? "network-error" : "answered");
    attemptRef.current = kept;
    saveAttempt(browserStorage("session"), kept);

    switch (outcome.kind) {
      case "ok":
        await onPlaced(outcome.order);
        return;
      case "prices-changed":
        // docs/decisions.md D6: never change a price silently; show
        // the server's prices, say so, and refresh the catalog.
        setOverrides(overridesFrom(outcome.answer, request.currency));
        setPricesUpdated(true);
        toast.error(translateMessage(i18n, outcome.answer.error));
        void syncCatalog();
        break;
      case "error":
        if (outcome.message === PROMO_INVALID) {
          // The applied code was switched off meanwhile: take it off so the shopper sees the real total.
          update({ promo: null });
          setPromoError(translateMessage(i18n, PROMO_INVALID));
        }
        toast.error(failureText(i18n, outcome) ?? t`Something went wrong. Please try again.`, {
          description: outcome.detail ?? undefined,
        });
        break;
      case "network":
        toast.error(t`Something went wrong. Please try again.`, {
          description: t`Could not reach the store. Check your connection and try again.`,
        });
        break;
    }
    setPhase("idle");
  };

  const applyPromo = async () => {
    const code = draft.promoInput.trim();
    if (!code || promoChecking) return;
    setPromoChecking(true);
    setPromoError(null);
    const outcome = await validatePromo(code);
    setPromoChecking(false);
    switch (outcome.kind) {
      case "ok":
        update({ promo: outcome.promo, promoInput: outcome.promo.code });
        break;
      case "invalid":
        setPromoError(t`Invalid or inactive code`);
        break;
      case "error":
        setPromoError(
          outcome.message ? translateMessage(i18n, outcome.message) : t`Something went wrong. Please try again.`,
        );
        break;
      case "network":
        setPromoError(t`Something went wrong. Please try again.`);
        break;
    }
  };

  const onPromoKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void applyPromo();
    }
  };

  if (rows === undefined) return <div className="container page" aria-busy="true" />;

  if (phase === "leaving") {
    return (
      <div className="container page checkout">
        <CheckoutSteps states={statesUpTo("payment")} />
        <p role="status" className="checkout-leaving">
          <Trans>Placing...</Trans>
        </p>
      </div>
    );
  }

  const notesLength = draft.notes.length;
  const promoCode = draft.promo?.code ?? "";
  const promoPercent = draft.promo?.percent ?? 0;

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
                <p className="checkout-notice checkout-notice--warn" role="status">
                  <Trans>The prices below have been updated to the current ones.</Trans>
                </p>
              ) : null}
              <CheckoutCartLines
                lines={cart.lines}
                currency={currency}
                catalogReady={catalogReady}
                disabled={pending}
              />
              <p className="checkout-subtotal">
                <span>
                  <Trans>Subtotal</Trans>
                </span>
                <strong data-testid="cart-subtotal">{money(cart.subtotal, currency)}</strong>
              </p>
            </>
          )}
        </section>

        {/* An empty cart offers the way back to shopping, not a form that orders nothing. */}
        {empty ? null : (
          <section className="checkout__details" aria-labelledby="checkout-details-heading">
            <h2 id="checkout-details-heading">
              <Trans>Your details</Trans>
            </h2>
            {!online ? (
              <p id="checkout-offline" className="checkout-notice checkout-notice--offline" role="status">
                <Trans>You are offline. Your cart and details are saved; placing the order needs a connection.</Trans>
              </p>
            ) : null}
            <form
              className="checkout-form"
              noValidate
              onSubmit={(e) => void submit(e)}
              onFocus={() => setEngaged(true)}
              aria-busy={pending}
            >
              <CheckoutField
                id="checkout-name"
                name="name"
                label={t`Full name`}
                type="text"
                autoComplete="name"
                inputMode="text"
                value={draft.name}
                error={shownError("name")}
                inputRef={fieldRefs.name}
                onChange={(name) => update({ name })}
                onBlur={() => touch("name")}
              />
              <CheckoutField
                id="checkout-email"
                name="email"
                label={t`Email`}
                hint={t`Your codes and receipt are sent here.`}
                type="email"
                autoComplete="email"
                inputMode="email"
                value={draft.email}
                error={shownError("email")}
                inputRef={fieldRefs.email}
                onChange={(email) => update({ email })}
                onBlur={() => touch("email")}
              />
              <CheckoutField
                id="checkout-whatsapp"
                name="whatsapp"
                label={t`WhatsApp number`}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                value={draft.whatsapp}
                error={shownError("whatsapp")}
                inputRef={fieldRefs.whatsapp}
                onChange={(whatsapp) => update({ whatsapp })}
                onBlur={() => touch("whatsapp")}
              />

              <div className={`checkout-field ${errors.notes ? "has-error" : ""}`}>
                <label htmlFor="checkout-notes" className="checkout-field__label">
                  <Trans>Notes (optional)</Trans>
                </label>
                <textarea
                  id="checkout-notes"
                  ref={fieldRefs.notes}
                  name="notes"
                  rows={3}
                  maxLength={NOTES_MAX}
                  value={draft.notes}
                  dir="auto"
                  aria-invalid={errors.notes ? true : undefined}
                  aria-describedby={errors.notes ? "checkout-notes-count checkout-notes-error" : "checkout-notes-count"}
                  onChange={(e) => update({ notes: e.target.value.slice(0, NOTES_MAX) })}
                  onBlur={() => touch("notes")}
                />
                <p id="checkout-notes-count" className="checkout-field__counter">
                  <Trans>
                    {notesLength} / {NOTES_MAX} characters
                  </Trans>
                </p>
                {errors.notes ? (
                  <p id="checkout-notes-error" className="checkout-field__error" role="alert">
                    {shownError("notes")}
                  </p>
                ) : null}
              </div>

              <div className="checkout-field">
                <label htmlFor="checkout-currency" className="checkout-field__label">
                  <Trans>Currency</Trans>
                </label>
                <select
                  id="checkout-currency"
                  name="currency"
                  value={currency}
                  disabled={pending}
                  onChange={(e) => setCurrency(coerceCurrency(e.target.value))}
                >
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </div>

              <div className="checkout-field checkout-promo">
                {draft.promo ? (
                  <div className="checkout-promo__applied">
                    <p role="status" className="checkout-promo__status">
                      <Trans>
                        Promo code {promoCode} applied: {promoPercent}% off.
                      </Trans>
                    </p>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      aria-label={t`Remove promo code ${promoCode}`}
                      disabled={pending}
                      onClick={() => {
                        update({ promo: null });
                        setPromoError(null);
                      }}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  </div>
                ) : (
                  <>
                    <label htmlFor="checkout-promo" className="checkout-field__label">
                      <Trans>Promo code</Trans>
                    </label>
                    <div className="checkout-promo__row">
                      <input
                        id="checkout-promo"
                        name="promo"
                        type="text"
                        value={draft.promoInput}
                        autoComplete="off"
                        autoCapitalize="characters"
                        spellCheck={false}
                        maxLength={40}
                        dir="ltr"
                        aria-invalid={promoError ? true : undefined}
                        aria-describedby={promoError ? "checkout-promo-error" : undefined}
                        onChange={(e) => {
                          update({ promoInput: e.target.value });
                          setPromoError(null);
                        }}
                        onKeyDown={onPromoKey}
                      />
                      <button
                        type="button"
                        className="btn btn--secondary"
                        disabled={!online || promoChecking || pending || !draft.promoInput.trim()}
                        aria-busy={promoChecking}
                        onClick={() => void applyPromo()}
                      >
                        <Trans>Apply</Trans>
                      </button>
                    </div>
                    {promoError ? (
                      <p id="checkout-promo-error" className="checkout-field__error" role="alert">
                        {promoError}
                      </p>
                    ) : null}
                  </>
                )}
              </div>

              <dl className="checkout-totals">
                {draft.promo ? (
                  <div className="checkout-totals__row checkout-totals__row--discount">
                    <dt>
                      <Trans>
                        Discount ({promoCode}, {promoPercent}%)
                      </Trans>
                    </dt>
                    <dd data-testid="checkout-discount">−{money(discount, currency)}</dd>
                  </div>
                ) : null}
                <div className="checkout-totals__row checkout-totals__row--total">
                  <dt>
                    <Trans>Total</Trans>
                  </dt>
                  <dd data-testid="checkout-total">{money(total, currency)}</dd>
                </div>
              </dl>

              <button
                type="submit"
                className="btn btn--primary btn--lg checkout-submit"
                disabled={pending || !online}
                aria-describedby={!online ? "checkout-offline" : undefined}
              >
                {pending ? <Trans>Placing...</Trans> : <Trans>Place order</Trans>}
              </button>
              <p className="checkout-form__fineprint muted">
                <Trans>Codes are delivered by email once payment is confirmed.</Trans>
              </p>
            </form>
          </section>
        )}
      </div>
    </div>
  );
}
