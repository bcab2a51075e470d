import { useLingui } from "@lingui/react/macro";

export type CheckoutStep = "cart" | "details" | "payment" | "confirmation";

const ORDER: readonly CheckoutStep[] = ["cart", "details", "payment", "confirmation"];

/** The four-step progress indicator (docs/decisions.md D7): an
 * ordered list, the current step marked aria-current="step". */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const { t } = useLingui();
  const labels: Record<CheckoutStep, string> = {
    cart: t`Cart review`,
    details: t`Your details`,
    payment: t`Payment`,
    confirmation: t`Confirmation`,
  };
  const currentIndex = ORDER.indexOf(current);
  return (
    <nav className="checkout-steps" aria-label={t`Checkout progress`}>
      <ol className="checkout-steps__list">
        {ORDER.map((step, index) => {
          const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "upcoming";
          return (
            <li
              key={step}
              className={`checkout-steps__step is-${state}`}
              aria-current={state === "current" ? "step" : undefined}
              data-step={step}
            >
              <span className="checkout-steps__num" aria-hidden="true">
                {state === "done" ? "✓" : index + 1}
              </span>
              <span className="checkout-steps__label">{labels[step]}</span>
              {state === "done" ? <span className="visually-hidden">{t`(completed)`}</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
