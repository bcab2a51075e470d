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
