import { describe, expect, it } from "vitest";
import type { CheckoutRequest } from "@store/shared/schemas/checkout";
import { postCheckout, validatePromo } from "./checkout.ts";

const body: CheckoutRequest = {
  name: "Amira",
  email: "amira@example.com",
  whatsapp: "+21620123456",
  notes: "",
  currency: "USD",
  items: [{ id: "steam-20", qty: 1 }],
  promoCode: "",
  subtotal: 2000,
  locale: "en",
};

function answering(status: number, payload: unknown, seen?: RequestInit[]): typeof fetch {
  return (_input, init) => {
    if (init) seen?.push(init);
    const text = typeof payload === "string" ? payload : JSON.stringify(payload);
    return Promise.resolve(new Response(text, { status, headers: { "Content-Type": "application/json" } }));
  };
}

const order = {
  panierCode: "PNR-ABCD1234",
  paymentLink: null,
  requiresPayment: false,
  emailSent: true,
  orderUrl: "http://x/orders/t",
  total: 2000,
  currency: "USD",
};

describe("postCheckout", () => {
  it("sends the body with the idempotency key and returns the order", async () => {
    const seen: RequestInit[] = [];
    const outcome = await postCheckout(body, "key-1", answering(200, order, seen));
    expect(outcome).toEqual({ kind: "ok", order });
    const headers = new Headers(seen[0]?.headers);
    expect(headers.get("Idempotency-Key")).toBe("key-1");
    expect(JSON.parse(String(seen[0]?.body))).toEqual(body);
  });

  it("reads the server's error and detail", async () => {
    const outcome = await postCheckout(
      body,
      "k",
      answering(400, { error: "Please enter a valid email address.", detail: "email" }),
    );
    expect(outcome).toEqual({
      kind: "error",
      status: 400,
      message: "Please enter a valid email address.",
      detail: "email",
    });
  });

  it("falls back to the generic message for a non-JSON answer", async () => {
    expect(await postCheckout(body, "k", answering(502, "<html>Bad gateway</html>"))).toEqual({
      kind: "error",
      status: 502,
      message: null,
      detail: null,
    });
    expect(await postCheckout(body, "k", answering(200, "not json"))).toMatchObject({ kind: "error", message: null });
  });

  it("recognises a 409 with current prices", async () => {
    const answer = {
      error: "Prices have changed. Please review your cart.",
      prices: [{ id: "steam-20", variantId: null, unitPrice: 2500 }],
      subtotal: 2500,
    };
    expect(await postCheckout(body, "k", answering(409, answer))).toEqual({ kind: "prices-changed", answer });
  });

  it("keeps the code and title of a refusal about one product", async () => {
    const answer = { error: '"Steam Wallet $20" is out of stock.', code: "out_of_stock", title: "Steam Wallet $20" };
    expect(await postCheckout(body, "k", answering(409, answer))).toEqual({
      kind: "error",
      status: 409,
      message: answer.error,
      detail: null,
      code: "out_of_stock",
      title: "Steam Wallet $20",
    });
  });

  it("keeps how many are left when there are not enough codes for the quantity", async () => {
    const answer = {
      error: 'Not enough stock for "Steam Wallet $20": 2 left.',
      code: "insufficient_stock",
      title: "Steam Wallet $20",
      available: 2,
      id: "steam-20",
      variantId: null,
    };
    expect(await postCheckout(body, "k", answering(409, answer))).toEqual({
      kind: "error",
      status: 409,
      message: answer.error,
      detail: null,
      code: "insufficient_stock",
      title: "Steam Wallet $20",
      available: 2,
    });
  });

  it("treats other 409s as errors with their message", async () => {
    const outcome = await postCheckout(body, "k", answering(409, { error: "Only 1 left of Steam Wallet $20." }));
    expect(outcome).toMatchObject({ kind: "error", status: 409, message: "Only 1 left of Steam Wallet $20." });
  });

  it("reports a network failure so the same key can be retried", async () => {
    const offline: typeof fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    expect(await postCheckout(body, "k", offline)).toEqual({ kind: "network" });
  });
});

describe("validatePromo", () => {
  it("returns the code and percent", async () => {
    expect(await validatePromo("save10", answering(200, { code: "SAVE10", percent: 10 }))).toEqual({
      kind: "ok",
      promo: { code: "SAVE10", percent: 10 },
    });
  });

  it("says invalid on 400", async () => {
    expect(await validatePromo("nope", answering(400, { error: "Invalid or inactive code" }))).toEqual({
      kind: "invalid",
    });
  });

  it("passes other failures through", async () => {
    expect(await validatePromo("x", answering(429, { error: "Too many requests" }))).toMatchObject({
      kind: "error",
      message: "Too many requests",
    });
    expect(await validatePromo("x", () => Promise.reject(new TypeError("offline")))).toEqual({ kind: "network" });
  });
});
