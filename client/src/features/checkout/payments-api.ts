/** The store's payment methods and the currencies each takes (docs/decisions.md D11, D45, api/payments.ts), read
 * once per page load; null while unknown or when the store cannot be reached (the server still refuses
 * a currency no method takes, or a method that does not take it). */
import { useEffect, useState } from "react";
import type { Currency } from "@store/shared/currency";
import { methodsTaking, type PaymentOptions, type PaymentProviderName } from "@store/shared/schemas/payments";
import { fetchPaymentOptions } from "../../api/payments.ts";

let loaded: Promise<PaymentOptions | null> | undefined;

export function usePaymentOptions(): PaymentOptions | null {
  const [options, setOptions] = useState<PaymentOptions | null>(null);
  useEffect(() => {
    let live = true;
    loaded ??= fetchPaymentOptions().then((o) => {
      if (o === null) loaded = undefined; // try again next time
      return o;
    });
    void loaded.then((o) => {
      if (live) setOptions(o);
    });
    return () => {
      live = false;
    };
  }, []);
  return options;
}

/** The currencies the store's methods take, when none takes `currency`; null when it can be paid (or while unknown). */
export function unpayableIn(options: PaymentOptions | null, currency: Currency): readonly Currency[] | null {
  if (!options || methodsTaking(options, currency).length > 0) return null;
  return [...new Set(options.methods.flatMap((m) => m.currencies))];
}

/** The methods that take `currency` (empty while unknown), and the one an order would be paid with: the shopper's
 * choice when it takes the currency, else the first the operator listed. */
export function methodChoice(
  options: PaymentOptions | null,
  currency: Currency,
  chosen: PaymentProviderName | null,
): { methods: readonly PaymentProviderName[]; method: PaymentProviderName | null } {
  const methods = options ? methodsTaking(options, currency) : [];
  const method = chosen !== null && methods.includes(chosen) ? chosen : (methods[0] ?? null);
  return { methods, method };
}
