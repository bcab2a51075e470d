/** GET /api/payments/options (docs/decisions.md D11): the store's payment provider and the currencies it can
 * take online, read once per page load; null while unknown or when the store cannot be reached (the server
 * still refuses a currency its provider cannot take). */
import { useEffect, useState } from "react";
import type { Currency } from "@store/shared/currency";
import { paymentOptionsSchema, type PaymentOptions } from "@store/shared/schemas/payments";

export async function fetchPaymentOptions(fetchImpl: typeof fetch = fetch): Promise<PaymentOptions | null> {
  try {
    const res = await fetchImpl("/api/payments/options", {
      headers: { Accept: "application/json" },
      cache: "no-store",
    });
    if (!res.ok) return null;
    const parsed = paymentOptionsSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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

/** The currencies an online provider takes, when `currency` is not one of them; null when it can be paid. */
export function unpayableIn(options: PaymentOptions | null, currency: Currency): readonly Currency[] | null {
  if (!options || options.provider === "manual") return null;
  return options.currencies.includes(currency) ? null : options.currencies;
}
