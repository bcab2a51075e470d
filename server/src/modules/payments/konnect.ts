/** Konnect (docs/decisions.md D11): POST {api}/api/v2/payments/init-payment with the `x-api-key` header gives
 * payUrl and paymentRef; its webhook (GET ?payment_ref=...) is not signed, so a notification is checked by
 * fetching GET {api}/api/v2/payments/{paymentRef}. Amounts are in millimes for TND, cents for EUR and USD,
 * which are the store's minor units. */
import { z } from "zod";
import {
  callProvider,
  ProviderError,
  type CreatedPayment,
  type OnlineProvider,
  type PaymentRequest,
} from "./provider.ts";

export interface KonnectSettings {
  apiKey: string;
  walletId: string;
  apiUrl: string;
}

const initAnswer = z.object({ payUrl: z.string().url(), paymentRef: z.string().min(1) });

/** The fields of Konnect's payment details the store checks (the answer holds more). */
const paymentAnswer = z.object({
  payment: z.object({
    id: z.string(),
    status: z.string(),
    amount: z.number(),
    token: z.string(),
    orderId: z.string().optional(),
  }),
});
export type KonnectPayment = z.infer<typeof paymentAnswer>["payment"];

/** A payment reference as Konnect writes them (a 24-hex id), with room to spare; anything else is refused
 * before it reaches a URL. */
export const KONNECT_REF = /^[A-Za-z0-9_-]{1,64}$/;

export class KonnectProvider implements OnlineProvider {
  readonly name = "konnect" as const;

  constructor(
    private readonly settings: KonnectSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async createPayment(r: PaymentRequest): Promise<CreatedPayment> {
    const [firstName = "", ...rest] = r.customerName.trim().split(/\s+/);
    const answer = await callProvider(
      this.name,
      `${this.settings.apiUrl}/api/v2/payments/init-payment`,
      {
        method: "POST",
        headers: { "x-api-key": this.settings.apiKey, "Content-Type": "application/json" },
        body: JSON.stringify({
          receiverWalletId: this.settings.walletId,
          token: r.currency,
          amount: r.amount,
          type: "immediate",
          description: r.description,
          lifespan: r.lifespanMinutes,
          checkoutForm: false,
          addPaymentFeesToAmount: false,
          firstName,
          lastName: rest.join(" "),
          email: r.customerEmail,
          orderId: r.orderCode,
          webhook: r.webhookUrl,
          // Konnect calls the webhook itself and sends the shopper to successUrl/failUrl; without it the
          // shopper's browser is sent to the webhook instead and lands on the notification's JSON answer.
          silentWebhook: true,
          successUrl: r.successUrl,
          failUrl: r.failUrl,
        }),
      },
      this.fetchImpl,
    );
    const parsed = initAnswer.safeParse(answer);
    if (!parsed.success) throw new ProviderError(this.name, "init-payment answer without payUrl/paymentRef");
    return { ref: parsed.data.paymentRef, url: parsed.data.payUrl };
  }

  /** The payment as Konnect has it now; undefined when Konnect does not know the reference. */
  async payment(ref: string): Promise<KonnectPayment | undefined> {
    if (!KONNECT_REF.test(ref)) return undefined;
    try {
      const answer = await callProvider(
        this.name,
        `${this.settings.apiUrl}/api/v2/payments/${encodeURIComponent(ref)}`,
        { method: "GET", headers: { "x-api-key": this.settings.apiKey } },
        this.fetchImpl,
      );
      const parsed = paymentAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderError(this.name, "payment details in an unexpected shape");
      return parsed.data.payment;
    } catch (err) {
      if (err instanceof ProviderError && err.status === 404) return undefined;
      throw err;
    }
  }
}
