/** Online payments (docs/decisions.md D11): which provider the store uses and which currencies it can take,
 * and the refusals checkout may answer about payment, by code so the storefront says them in its language. */
import { z } from "./zod.ts";
import { CURRENCIES } from "../currency.ts";

export const PAYMENT_PROVIDER_NAMES = ["manual", "konnect", "stripe"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** GET /api/payments/options. `currencies` is empty for `manual` (the operator arranges every payment). */
export const paymentOptionsSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDER_NAMES),
  currencies: z.array(z.enum(CURRENCIES)),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const PAYMENT_ERROR_CODES = {
  /** 400 before the order is created: the provider cannot take the chosen currency. */
  currencyNotPayable: "currency_not_payable",
  /** 502 after the order was created: the provider refused or did not answer; the order was cancelled. */
  unavailable: "payment_unavailable",
} as const;

export const PAYMENT_MESSAGES = {
  currencyNotPayable: "Online payment is not available in this currency. Please choose another currency.",
  unavailable: "The payment service is not available right now. Your order was cancelled; please try again.",
} as const;
