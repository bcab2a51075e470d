/** The payment methods in the shopper's and the operator's words (docs/decisions.md D45): the checkout's choice and
 * the console's order view and history say them alike. In the orders catalog, which the console loads too. */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderName } from "@store/shared/schemas/payments";

export const PAYMENT_METHOD_NAMES: Readonly<Record<PaymentProviderName, MessageDescriptor>> = {
  manual: msg`Manual payment`,
  konnect: msg`Konnect`,
  stripe: msg`Stripe`,
  paymob: msg`Paymob`,
};

/** What paying each way means, under its name in the checkout's choice. */
export const PAYMENT_METHOD_HINTS: Readonly<Record<PaymentProviderName, MessageDescriptor>> = {
  manual: msg`Nothing is charged now: the next page says how to pay (bank transfer or another way).`,
  konnect: msg`Bank card or e-DINAR on Konnect's secure page.`,
  stripe: msg`Bank card on Stripe's secure page.`,
  paymob: msg`Bank card or mobile wallet on Paymob's secure page.`,
};

function isPaymentMethod(name: string): name is PaymentProviderName {
  return (PAYMENT_PROVIDER_NAMES as readonly string[]).includes(name);
}

/** A method's name for display; a name the store no longer knows (an old order's) is shown as stored. */
export function paymentMethodName(say: (m: MessageDescriptor) => string, name: string): string {
  return isPaymentMethod(name) ? say(PAYMENT_METHOD_NAMES[name]) : name;
}
