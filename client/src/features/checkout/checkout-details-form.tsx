/** The checkout's details column: name, email, WhatsApp, notes, currency, promo code, totals and the
 * Place order button. */
import type { FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { coerceCurrency, CURRENCIES, type Currency } from "@store/shared/currency";
import { useMoney } from "../catalog/use-money.ts";
import { setCurrency } from "../prefs/prefs-store.ts";
import { NOTES_MAX } from "./checkout-draft.ts";
import { CheckoutField } from "./checkout-field.tsx";
import { TotalsRow } from "./totals-row.tsx";
import type { CheckoutDetails } from "./use-checkout-details.ts";
import type { PromoCode } from "./use-promo-code.ts";
import type { PaymentProviderName } from "@store/shared/schemas/payments";
import { PaymentMethodChoice } from "./payment-method-choice.tsx";

interface Props {
  details: CheckoutDetails;
  promo: PromoCode;
  currency: Currency;
  /** The promo's discount and the total to pay, in minor units of `currency`. */
  totals: { discount: number; total: number };
  online: boolean;
  pending: boolean;
  /** The currencies the store's methods take, when none takes `currency` (docs/decisions.md D11). */
  payableCurrencies: readonly Currency[] | null;
  /** The methods that take `currency` and the one the order would be paid with (docs/decisions.md D45), to offer
   * the choice when there are several and say before 'Place order' what comes after it; null while unknown. */
  payment: { methods: readonly PaymentProviderName[]; method: PaymentProviderName | null };
  onChooseMethod: (method: PaymentProviderName) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The shopper started on the form (the progress indicator moves to 'Your details'). */
  onEngaged: () => void;
}

export function CheckoutDetailsForm({
  details,
  promo,
  currency,
  totals: { discount, total },
  online,
  pending,
  payableCurrencies,
  payment,
  onChooseMethod,
  onSubmit,
  onEngaged,
}: Props) {
  const { t } = useLingui();
  const money = useMoney();
  const provider = payment.method;
  const notesLength = details.draft.notes.length;
  const promoCode = details.draft.promo?.code ?? "";
  const promoPercent = details.draft.promo?.percent ?? 0;
  return (
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
        onSubmit={(e) => void onSubmit(e)}
        onFocus={onEngaged}
        aria-busy={pending}
      >
        {(
          [
            { field: "name", label: t`Full name`, type: "text", autoComplete: "name" },
            {
              field: "email",
              label: t`Email`,
              type: "email",
              autoComplete: "email",
              hint: t`Your codes and receipt are sent here.`,
            },
            { field: "whatsapp", label: t`WhatsApp number`, type: "tel", autoComplete: "tel" },
          ] as const
        ).map(({ field, type, ...rest }) => (
          <CheckoutField
            key={field}
            id={`checkout-${field}`}
            name={field}
            type={type}
            inputMode={type}
            {...rest}
            value={details.draft[field]}
            error={details.shownError(field)}
            inputRef={details.fieldRefs[field]}
            onChange={(value) => details.update({ [field]: value })}
            onBlur={() => details.touch(field)}
          />
        ))}

        <div className={`checkout-field ${details.shownError("notes") ? "has-error" : ""}`}>
          <label htmlFor="checkout-notes" className="checkout-field__label">
            <Trans>Notes (optional)</Trans>
          </label>
          <textarea
            id="checkout-notes"
            ref={details.fieldRefs.notes}
            name="notes"
            rows={3}
            maxLength={NOTES_MAX}
            value={details.draft.notes}
            dir="auto"
            aria-invalid={details.shownError("notes") ? true : undefined}
            aria-describedby={
              details.shownError("notes") ? "checkout-notes-count checkout-notes-error" : "checkout-notes-count"
            }
            onChange={(e) => details.update({ notes: e.target.value.slice(0, NOTES_MAX) })}
            onBlur={() => details.touch("notes")}
          />
          <p id="checkout-notes-count" className="checkout-field__counter">
            <Trans>
              {notesLength} / {NOTES_MAX} characters
            </Trans>
          </p>
          {details.shownError("notes") ? (
            <p id="checkout-notes-error" className="checkout-field__error" role="alert">
              {details.shownError("notes")}
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
          {payableCurrencies ? (
            <p id="checkout-currency-unpayable" className="checkout-field__error" role="alert">
              <Trans>
                Online payment is not available in {currency}. Please choose {payableCurrencies.join(", ")} to pay.
              </Trans>
            </p>
          ) : null}
        </div>

        <div className="checkout-field checkout-promo">
          {details.draft.promo ? (
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
                  details.update({ promo: null });
                  promo.setError(null);
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
                  value={details.draft.promoInput}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={40}
                  dir="ltr"
                  aria-invalid={promo.error ? true : undefined}
                  aria-describedby={promo.error ? "checkout-promo-error" : undefined}
                  onChange={(e) => {
                    details.update({ promoInput: e.target.value });
                    promo.setError(null);
                  }}
                  onKeyDown={promo.onKey}
                />
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={!online || promo.checking || pending || !details.draft.promoInput.trim()}
                  aria-busy={promo.checking}
                  onClick={() => void promo.apply()}
                >
                  <Trans>Apply</Trans>
                </button>
              </div>
              {promo.error ? (
                <p id="checkout-promo-error" className="checkout-field__error" role="alert">
                  {promo.error}
                </p>
              ) : null}
            </>
          )}
        </div>

        <dl className="checkout-totals">
          {details.draft.promo ? (
            <TotalsRow
              kind="discount"
              label={
                <Trans>
                  Discount ({promoCode}, {promoPercent}%)
                </Trans>
              }
              value={money(discount, currency)}
              testId="checkout-discount"
            />
          ) : null}
          <TotalsRow kind="total" label={<Trans>Total</Trans>} value={money(total, currency)} testId="checkout-total" />
        </dl>

        {payment.methods.length > 1 ? (
          <PaymentMethodChoice
            methods={payment.methods}
            method={payment.method}
            disabled={pending}
            onChoose={onChooseMethod}
          />
        ) : null}
        {provider ? (
          <p id="checkout-how-to-pay" className="checkout-form__how-to-pay">
            {provider === "stripe" ? (
              <Trans>After you place the order, Stripe's secure page opens to pay by card.</Trans>
            ) : provider === "konnect" ? (
              <Trans>After you place the order, Konnect's secure page opens to pay by bank card or e-DINAR.</Trans>
            ) : provider === "paymob" ? (
              <Trans>After you place the order, Paymob's secure page opens to pay by bank card or mobile wallet.</Trans>
            ) : (
              <Trans>Nothing is charged now: after you place the order, the next page says how to pay.</Trans>
            )}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary btn--lg checkout-submit"
          disabled={pending || !online || payableCurrencies !== null}
          aria-describedby={
            !online
              ? "checkout-offline"
              : payableCurrencies
                ? "checkout-currency-unpayable"
                : provider
                  ? "checkout-how-to-pay"
                  : undefined
          }
        >
          {pending ? <Trans>Placing...</Trans> : <Trans>Place order</Trans>}
        </button>
        <p className="checkout-form__fineprint muted">
          <Trans>Codes are delivered by email once payment is confirmed.</Trans>
        </p>
      </form>
    </section>
  );
}
