/** GET /api/payments/options (docs/decisions.md D11, D45): the store's payment methods and the currencies each
 * takes. */
import { paymentOptionsSchema, type PaymentOptions } from "@store/shared/schemas/payments";
import { callEndpoint, endpoint } from "./endpoint.ts";

const paymentOptionsEndpoint = endpoint({
  method: "GET",
  path: () => "/api/payments/options",
  response: paymentOptionsSchema,
  noStore: true,
});

/** The options, or null when the store cannot be reached or answers something else. */
export async function fetchPaymentOptions(fetchImpl: typeof fetch = fetch): Promise<PaymentOptions | null> {
  try {
    return (await callEndpoint(paymentOptionsEndpoint, { fetch: fetchImpl })).data;
  } catch {
    return null;
  }
}
