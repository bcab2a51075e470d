/** The promo code field: checked by the server when applied, kept in the details draft once valid. */
import { useState, type KeyboardEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import { validatePromo } from "../../api/checkout.ts";
import { failureText } from "./checkout-messages.ts";
import type { CheckoutDetails } from "./use-checkout-details.ts";

export interface PromoCode {
  error: string | null;
  setError: (error: string | null) => void;
  checking: boolean;
  apply: () => Promise<void>;
  /** Enter in the field applies the code instead of placing the order. */
  onKey: (event: KeyboardEvent<HTMLInputElement>) => void;
}

export function usePromoCode({ draft, update }: Pick<CheckoutDetails, "draft" | "update">): PromoCode {
  const { t, i18n } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    const code = draft.promoInput.trim();
    if (!code || checking) return;
    setChecking(true);
    setError(null);
    const outcome = await validatePromo(code);
    setChecking(false);
    switch (outcome.kind) {
      case "ok":
        update({ promo: outcome.promo, promoInput: outcome.promo.code });
        break;
      case "invalid":
        setError(t`Invalid or inactive code`);
        break;
      case "error":
        setError(failureText(i18n, outcome) ?? t`Something went wrong. Please try again.`);
        break;
      case "network":
        setError(t`Something went wrong. Please try again.`);
        break;
    }
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void apply();
    }
  };

  return { error, setError, checking, apply, onKey };
}
