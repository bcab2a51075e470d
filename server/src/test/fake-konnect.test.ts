/** The fake Konnect behaves as Konnect's "Initiate payment" reference says, so the store's tests against it mean
 * something: silentWebhook decides who calls the webhook and where the payer goes, and init-payment refuses
 * bodies the real API refuses. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeKonnect } from "./fake-konnect.ts";

const KEY = "fake-konnect-test:key";
const WALLET = "wallet-test";

describe("the fake Konnect", () => {
  let konnect: FakeKonnect;
  const webhookRequests: string[] = [];
  beforeEach(async () => {
    konnect = await FakeKonnect.start({ apiKey: KEY, walletId: WALLET });
    webhookRequests.length = 0;
    konnect.callWebhook = (url) => Promise.resolve(webhookRequests.push(url));
  });
  afterEach(() => konnect.close());

  const body = (extra: Record<string, unknown> = {}) => ({
    receiverWalletId: WALLET,
    token: "TND",
    amount: 12_500,
    type: "immediate",
    orderId: "PNR-TEST0001",
    webhook: "https://shop.example/api/payments/konnect/webhook",
    successUrl: "https://shop.example/order-success?code=PNR-TEST0001&payment=return",
    failUrl: "https://shop.example/order-success?code=PNR-TEST0001&payment=cancelled",
    ...extra,
  });
  const init = (payload: unknown) =>
    fetch(`${konnect.url}/api/v2/payments/init-payment`, {
      method: "POST",
      headers: { "x-api-key": KEY, "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
  /** Creates a payment and presses `button` on its page: where the payer's browser goes next. */
  async function press(extra: Record<string, unknown>, button: "pay" | "cancel"): Promise<[string, string]> {
    const created = await init(body(extra));
    expect(created.status).toBe(200);
    const { paymentRef } = (await created.json()) as { paymentRef: string };
    const res = await fetch(`${konnect.url}/pay/${paymentRef}/${button}`, { method: "POST", redirect: "manual" });
    expect(res.status).toBe(303);
    return [paymentRef, res.headers.get("Location") ?? ""];
  }

  it("with silentWebhook true, calls the webhook itself and sends the payer to successUrl", async () => {
    const [ref, next] = await press({ silentWebhook: true }, "pay");
    expect(webhookRequests).toEqual([`https://shop.example/api/payments/konnect/webhook?payment_ref=${ref}`]);
    expect(next).toBe(`https://shop.example/order-success?code=PNR-TEST0001&payment=return&payment_ref=${ref}`);
    expect(konnect.payments.get(ref)?.status).toBe("completed");
  });

  it.each([["false", { silentWebhook: false }] as const, ["absent", {}] as const])(
    "with silentWebhook %s, sends the payer's browser to the webhook and calls nothing itself",
    async (_name, extra) => {
      const [ref, next] = await press(extra, "pay");
      expect(next).toBe(`https://shop.example/api/payments/konnect/webhook?payment_ref=${ref}`);
      expect(webhookRequests).toEqual([]);
      expect(konnect.webhookCalls).toEqual([]);
    },
  );

  it("sends a payer who cancels to failUrl, notifying nothing", async () => {
    const [ref, next] = await press({ silentWebhook: true }, "cancel");
    expect(next).toBe(`https://shop.example/order-success?code=PNR-TEST0001&payment=cancelled&payment_ref=${ref}`);
    expect(webhookRequests).toEqual([]);
    expect(konnect.payments.get(ref)?.status).toBe("pending");
  });

  it.each([
    ["no receiverWalletId", { receiverWalletId: undefined }, "receiverWalletId is required"],
    ["no amount", { amount: undefined }, "amount is required"],
    ["dinars instead of millimes", { amount: 12.5 }, "amount must be a positive whole number"],
    ["an amount as text", { amount: "12500" }, "amount must be a positive whole number"],
    ["a zero amount", { amount: 0 }, "amount must be a positive whole number"],
    ["another currency", { token: "GBP" }, "token must be TND, EUR, USD"],
    ["another type", { type: "later" }, "type must be immediate, partial"],
    ["an unknown payment method", { acceptedPaymentMethods: ["cash"] }, "acceptedPaymentMethods must be a list of"],
    ["silentWebhook as text", { silentWebhook: "true" }, "silentWebhook must be a boolean"],
    ["checkoutForm as a number", { checkoutForm: 1 }, "checkoutForm must be a boolean"],
    ["a lifespan in fractions", { lifespan: 1.5 }, "lifespan must be a positive whole number"],
    ["an email that is not text", { email: 7 }, "email must be a string"],
    ["another theme", { theme: "blue" }, "theme must be light, dark"],
  ])("refuses %s with a 400 and an error body", async (_name, extra, message) => {
    const res = await init(body(extra));
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { errors: { message: string }[] };
    expect(answer.errors[0]?.message).toContain(message);
    expect(konnect.payments.size).toBe(0);
  });

  it("refuses a body that is not an object, another wallet and a wrong key", async () => {
    expect((await init([body()])).status).toBe(400);
    expect((await init(body({ receiverWalletId: "someone-else" }))).status).toBe(404);
    const wrongKey = await fetch(`${konnect.url}/api/v2/payments/init-payment`, {
      method: "POST",
      headers: { "x-api-key": "other", "Content-Type": "application/json" },
      body: JSON.stringify(body()),
    });
    expect(wrongKey.status).toBe(401);
  });
});
