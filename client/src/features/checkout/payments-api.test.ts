import { describe, expect, it } from "vitest";
import { fetchPaymentOptions, unpayableIn } from "./payments-api.ts";

describe("payment options", () => {
  it("reads the provider and its currencies, and null for a failed or malformed answer", async () => {
    const answer = (status: number, body: unknown) => () =>
      Promise.resolve(new Response(JSON.stringify(body), { status }));
    expect(await fetchPaymentOptions(answer(200, { provider: "konnect", currencies: ["TND"] }))).toEqual({
      provider: "konnect",
      currencies: ["TND"],
    });
    expect(await fetchPaymentOptions(answer(500, {}))).toBeNull();
    expect(await fetchPaymentOptions(answer(200, { provider: "paypal", currencies: [] }))).toBeNull();
    expect(await fetchPaymentOptions(() => Promise.reject(new TypeError("offline")))).toBeNull();
  });

  it("names the currencies to choose only when the provider cannot take the chosen one", () => {
    const stripe = { provider: "stripe", currencies: ["USD", "EUR", "EGP"] } as const;
    expect(unpayableIn({ ...stripe, currencies: [...stripe.currencies] }, "TND")).toEqual(["USD", "EUR", "EGP"]);
    expect(unpayableIn({ ...stripe, currencies: [...stripe.currencies] }, "EUR")).toBeNull();
    expect(unpayableIn({ provider: "manual", currencies: [] }, "TND")).toBeNull();
    expect(unpayableIn(null, "TND")).toBeNull();
  });
});
