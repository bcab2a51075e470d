import { describe, expect, it } from "vitest";
import { fetchPaymentOptions } from "./payments.ts";

describe("payment options", () => {
  it("reads the methods and their currencies, and null for a failed or malformed answer", async () => {
    const answer = (status: number, body: unknown) => () =>
      Promise.resolve(new Response(JSON.stringify(body), { status }));
    const body = { methods: [{ method: "konnect", currencies: ["TND"] }] };
    expect(await fetchPaymentOptions(answer(200, body))).toEqual(body);
    expect(await fetchPaymentOptions(answer(500, {}))).toBeNull();
    expect(await fetchPaymentOptions(answer(200, { methods: [{ method: "paypal", currencies: [] }] }))).toBeNull();
    expect(await fetchPaymentOptions(() => Promise.reject(new TypeError("offline")))).toBeNull();
  });
});
