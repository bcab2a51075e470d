/** Paymob (Egypt; docs/decisions.md D46), through its Intention API: POST {api}/v1/intention/ with the secret key
 * (`Authorization: Token …`) gives the intention's `client_secret` and Paymob's order id (`intention_order_id`); the
 * shopper pays on the Unified Checkout page, {api}/unifiedcheckout/?publicKey=…&clientSecret=…. Paymob then POSTs the
 * transaction processed callback to `notification_url` and sends the shopper to `redirection_url`, both signed with
 * the HMAC of paymob-hmac.ts. A refund is POST {api}/api/acceptance/void_refund/refund (transaction_id, amount_cents).
 * Amounts are in cents (piasters for EGP), the store's minor units. */
import { z } from "zod";
import {
  callProvider,
  ProviderError,
  type CreatedPayment,
  type OnlineProvider,
  type PaymentRequest,
  type ProviderRefund,
} from "./provider.ts";

export interface PaymobSettings {
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  /** The payment integrations (card, wallet...) the checkout page offers, from Paymob's dashboard. */
  integrationIds: readonly number[];
  apiUrl: string;
}

const intentionAnswer = z.object({
  id: z.string().min(1),
  client_secret: z.string().min(1),
  intention_order_id: z.number().int(),
});

/** The parts of a transaction (a callback's `obj`, a refund's answer) the store reads. */
export const paymobTransactionSchema = z.object({
  id: z.number().int(),
  pending: z.boolean(),
  success: z.boolean(),
  amount_cents: z.number().int(),
  currency: z.string().max(10),
  is_refunded: z.boolean().optional(),
  /** All that was refunded of this payment so far (Paymob refunds a payment in one or several parts). */
  refunded_amount_cents: z.number().int().nonnegative().optional(),
  is_voided: z.boolean().optional(),
  is_refund: z.boolean().optional(),
  is_void: z.boolean().optional(),
  has_parent_transaction: z.boolean().optional(),
  error_occured: z.boolean().optional(),
  order: z.object({ id: z.number().int() }),
});
export type PaymobTransaction = z.infer<typeof paymobTransactionSchema>;

/** A callback's body: `type` is TRANSACTION for payments (TOKEN callbacks carry saved cards, which the store keeps
 * none of). */
export const paymobCallbackSchema = z.object({ type: z.string().max(40), obj: z.record(z.string(), z.unknown()) });

/** A paid transaction, not a refund, a void or a failure: what settles an order. */
export function isPaidTransaction(t: PaymobTransaction): boolean {
  return (
    t.success &&
    !t.pending &&
    t.is_refunded !== true &&
    t.is_voided !== true &&
    t.is_refund !== true &&
    t.is_void !== true &&
    t.has_parent_transaction !== true &&
    t.error_occured !== true
  );
}

/** A payment Paymob has since refunded (in part or whole) or voided: its processed callback comes again after the
 * action, with `is_refunded` and the total refunded, or `is_voided`. */
export function isReversedPayment(t: PaymobTransaction): boolean {
  return t.is_refund !== true && t.is_void !== true && (t.is_refunded === true || t.is_voided === true);
}

/** Paymob asks billing fields the store does not collect (digital goods ship nowhere): "NA" is its documented
 * stand-in. */
const NA = "NA";

export class PaymobProvider implements OnlineProvider {
  readonly name = "paymob" as const;

  constructor(
    readonly settings: PaymobSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private headers(): Record<string, string> {
    return { Authorization: `Token ${this.settings.secretKey}`, "Content-Type": "application/json" };
  }

  async createPayment(r: PaymentRequest): Promise<CreatedPayment> {
    const [firstName = NA, ...rest] = r.customerName.trim().split(/\s+/);
    const answer = await callProvider(
      this.name,
      `${this.settings.apiUrl}/v1/intention/`,
      {
        method: "POST",
        headers: this.headers(),
        body: JSON.stringify({
          amount: r.amount,
          currency: r.currency,
          payment_methods: this.settings.integrationIds,
          // One line for the whole order: Paymob checks that the items add up to the amount, and the order's total
          // is already after its promo.
          items: [{ name: r.description, amount: r.amount, description: r.description, quantity: 1 }],
          billing_data: {
            first_name: firstName,
            last_name: rest.join(" ") || NA,
            email: r.customerEmail,
            phone_number: r.customerPhone,
            apartment: NA,
            floor: NA,
            street: NA,
            building: NA,
            city: NA,
            state: NA,
            country: NA,
            postal_code: NA,
            shipping_method: NA,
          },
          customer: { first_name: firstName, last_name: rest.join(" ") || NA, email: r.customerEmail },
          special_reference: r.orderCode,
          expiration: r.lifespanMinutes * 60,
          notification_url: r.webhookUrl,
          redirection_url: r.returnUrl,
          extras: { order_code: r.orderCode },
        }),
      },
      this.fetchImpl,
    );
    const parsed = intentionAnswer.safeParse(answer);
    if (!parsed.success)
      throw new ProviderError(this.name, "intention answer without client_secret/intention_order_id");
    const page = new URL(`${this.settings.apiUrl}/unifiedcheckout/`);
    page.searchParams.set("publicKey", this.settings.publicKey);
    page.searchParams.set("clientSecret", parsed.data.client_secret);
    // Paymob's order id is what both signed callbacks name (order.id, order_id): the store keeps it as the reference.
    return { ref: String(parsed.data.intention_order_id), url: page.toString() };
  }

  /** Refunds the whole of a transaction; Paymob answers the refund transaction. */
  async refund(transactionId: string, r: { amount: number }): Promise<ProviderRefund> {
    const answer = await callProvider(
      this.name,
      `${this.settings.apiUrl}/api/acceptance/void_refund/refund`,
      {
        method: "POST",
        headers: this.headers(),
        body: JSON.stringify({ transaction_id: Number(transactionId), amount_cents: r.amount }),
      },
      this.fetchImpl,
    );
    const parsed = paymobTransactionSchema.safeParse(answer);
    if (!parsed.success) throw new ProviderError(this.name, "refund answer in an unexpected shape");
    const t = parsed.data;
    return {
      id: String(t.id),
      amount: t.amount_cents,
      currency: t.currency,
      status: t.pending ? "pending" : t.success ? "succeeded" : "failed",
    };
  }
}
