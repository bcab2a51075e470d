import { useLingui } from "@lingui/react/macro";

export type CheckoutStep = "cart" | "details" | "payment" | "confirmation";

/** Where a step stands: finished, the one the shopper is on, waiting on someone (a payment not yet received),
 * stopped (an order cancelled or expired before payment), or still ahead. */
export type StepState = "done" | "current" | "waiting" | "stopped" | "upcoming";

const ORDER: readonly CheckoutStep[] = ["cart", "details", "payment", "confirmation"];

/** The states while the shopper moves through checkout: the steps before `current` are done. */
export function statesUpTo(current: CheckoutStep): Record<CheckoutStep, StepState> {
  const currentIndex = ORDER.indexOf(current);
  const state = (step: CheckoutStep): StepState => {
    const index = ORDER.indexOf(step);
    return index < currentIndex ? "done" : index === currentIndex ? "current" : "upcoming";
  };
  return {
    cart: state("cart"),
    details: state("details"),
    payment: state("payment"),
    confirmation: state("confirmation"),
  };
}

const MARK: Record<StepState, string | null> = { done: "✓", current: null, waiting: "…", stopped: "✕", upcoming: null };

/** The four-step progress indicator (docs/decisions.md D7): an ordered list, the step the shopper is on (or
 * waits at) marked aria-current="step", and each step's state said in words. */
export function CheckoutSteps({ states }: { states: Record<CheckoutStep, StepState> }) {
  const { t } = useLingui();
  const labels: Record<CheckoutStep, string> = {
    cart: t`Cart review`,
    details: t`Your details`,
    payment: t`Payment`,
    confirmation: t`Confirmation`,
  };
  const said: Record<StepState, string | null> = {
    done: t`(completed)`,
    current: null,
    waiting: t`(awaiting payment)`,
    stopped: t`(not completed)`,
    upcoming: null,
  };
  return (
    <nav className="checkout-steps" aria-label={t`Checkout progress`}>
      <ol className="checkout-steps__list">
        {ORDER.map((step, index) => {
          const state = states[step];
          const words = said[state];
          return (
            <li
              key={step}
              className={`checkout-steps__step is-${state}`}
              aria-current={state === "current" || state === "waiting" ? "step" : undefined}
              data-step={step}
              data-state={state}
            >
              <span className="checkout-steps__num" aria-hidden="true">
                {MARK[state] ?? index + 1}
              </span>
              <span className="checkout-steps__label">{labels[step]}</span>
              {/* A finished step's tick says enough to the eye; a step that waits says so to everyone. */}
              {words ? (
                <span className={state === "done" ? "visually-hidden" : "checkout-steps__note"}>{words}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
