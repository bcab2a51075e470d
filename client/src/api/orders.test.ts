import { describe, expect, it } from "vitest";
import { fetchPrivateOrder, lookupOrder } from "./orders.ts";

const order = {
  code: "PNR-ABCD1234",
  status: "pending_payment",
  firstName: "Amira",
  createdAt: 1_760_000_000_000,
  locale: "ar",
  currency: "TND",
  lines: [
    {
      id: "steam-20",
      variantId: null,
      title: "Steam Wallet $20",
      variantName: null,
      qty: 2,
      unitPrice: 64000,
      lineTotal: 128000,
    },
  ],
  subtotal: 128000,
  discount: 0,
  total: 128000,
  promoCode: null,
  paymentLink: null,
  expiresAt: 1_760_172_800_000,
  codes: [],
};

const answering = (status: number, payload: unknown, seen?: string[]): { fetch: typeof fetch } => ({
  fetch: (input) => {
    seen?.push(String(input));
    return Promise.resolve(new Response(typeof payload === "string" ? payload : JSON.stringify(payload), { status }));
  },
});
const offline = { fetch: () => Promise.reject(new TypeError("offline")) };

describe("fetchPrivateOrder", () => {
  it("loads the order by its token", async () => {
    const seen: string[] = [];
    expect(await fetchPrivateOrder("tok_en-123", answering(200, order, seen))).toEqual({ kind: "ok", order });
    expect(seen).toEqual(["/api/orders/private/tok_en-123"]);
  });

  it("says not found for an unknown or malformed token", async () => {
    expect(await fetchPrivateOrder("nope", answering(404, { error: "Order not found" }))).toEqual({
      kind: "not-found",
    });
    expect(await fetchPrivateOrder("x", answering(400, { error: "bad" }))).toEqual({ kind: "not-found" });
  });

  it("reports other failures as errors", async () => {
    expect(await fetchPrivateOrder("t", answering(500, "oops"))).toEqual({ kind: "error" });
    expect(await fetchPrivateOrder("t", answering(200, { code: 1 }))).toEqual({ kind: "error" });
    expect(await fetchPrivateOrder("t", offline)).toEqual({ kind: "error" });
  });

  it("says how long to wait when the lookups come too often (429)", async () => {
    expect(
      await fetchPrivateOrder(
        "t",
        answering(429, { error: "Too many requests", code: "rate_limited", retryAfter: 42 }),
      ),
    ).toEqual({ kind: "throttled", retryAfter: 42 });
    // Without the body's figure, the Retry-After header; without either, a minute.
    const headerOnly: typeof fetch = () =>
      Promise.resolve(new Response("slow down", { status: 429, headers: { "Retry-After": "7" } }));
    expect(await fetchPrivateOrder("t", { fetch: headerOnly })).toEqual({ kind: "throttled", retryAfter: 7 });
    expect(await fetchPrivateOrder("t", answering(429, "{}"))).toEqual({ kind: "throttled", retryAfter: 60 });
  });
});

describe("lookupOrder", () => {
  const found = { code: "PNR-ABCD1234", firstName: "Amira", status: "paid" };

  it("asks the public lookup for the code and reads its answer", async () => {
    const seen: string[] = [];
    expect(await lookupOrder("PNR-ABCD1234", answering(200, found, seen))).toEqual({ kind: "ok", order: found });
    expect(seen).toEqual(["/api/orders/PNR-ABCD1234"]);
  });

  it("reports a 429 with its wait, and anything else as an error", async () => {
    expect(
      await lookupOrder("PNR-1", answering(429, { error: "Too many", code: "rate_limited", retryAfter: 12.2 })),
    ).toEqual({ kind: "throttled", retryAfter: 13 });
    expect(await lookupOrder("PNR-1", answering(404, { error: "Order not found" }))).toEqual({ kind: "error" });
    expect(await lookupOrder("PNR-1", answering(200, { code: 5 }))).toEqual({ kind: "error" });
    expect(await lookupOrder("PNR-1", offline)).toEqual({ kind: "error" });
  });
});
