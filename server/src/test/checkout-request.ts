/** A valid checkout request for tests; each test overrides what it is about. */
import type { CheckoutRequest } from "@store/shared/schemas/checkout";

export function checkoutBody(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    name: "Amira Ben Salah",
    email: "amira@example.com",
    whatsapp: "+216 20 123 456",
    currency: "USD",
    items: [{ id: "psn-10-us", qty: 1 }],
    promoCode: "",
    notes: "",
    ...overrides,
  };
}

/** The store's settings for a test that places hundreds of orders from one client: the checkout's per-address and
 * per-recipient limits and what one client may hold unpaid, still counted, but out of the test's reach. */
export const LIMITS_OUT_OF_REACH = {
  CHECKOUT_LIMIT_PER_ADDRESS: "1000000",
  CHECKOUT_LIMIT_PER_EMAIL: "1000000",
  HELD_UNITS_PER_PRODUCT: "1000000",
  HELD_UNITS_TOTAL: "1000000",
  RECIPIENT_UNITS_PER_DAY: "1000000",
} as const;
