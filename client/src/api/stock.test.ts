import { afterEach, describe, expect, it, vi } from "vitest";
import { askBackInStock, fetchAvailability } from "./stock.ts";
import { answering } from "../test/fetch-stub.ts";

afterEach(() => vi.unstubAllGlobals());

describe("asking to be emailed when a product is back", () => {
  it("posts the trimmed address with the product, option and language", async () => {
    const fetch = answering(201, { ok: true });
    const answer = await askBackInStock({ productId: "p1", variantId: "v1", email: " a@b.co ", locale: "ar" });
    expect(answer).toEqual({ status: "done" });
    expect(fetch).toHaveBeenCalledWith("/api/stock-requests", expect.objectContaining({ method: "POST" }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      productId: "p1",
      variantId: "v1",
      email: "a@b.co",
      locale: "ar",
    });
  });

  it("passes on a refusal's code and parameters, and a throttled answer's body", async () => {
    answering(409, { error: "too many", code: "too_many_stock_requests", params: { max: 20 } });
    expect(await askBackInStock({ productId: "p", variantId: "", email: "a@b.co", locale: "en" })).toEqual({
      status: "refused",
      code: "too_many_stock_requests",
      params: { max: 20 },
      message: "too many",
    });
    answering(429, { code: "rate_limited", retryAfter: 30 });
    expect(await askBackInStock({ productId: "p", variantId: "", email: "a@b.co", locale: "en" })).toEqual({
      status: "throttled",
      body: { code: "rate_limited", retryAfter: 30 },
    });
  });
});

describe("reading how few are left", () => {
  it("answers the counts, and null when the store cannot be asked or answers nonsense", async () => {
    answering(200, { left: { "": 2 } });
    expect(await fetchAvailability("p 1")).toEqual({ left: { "": 2 } });
    answering(200, { left: { "": 0 } });
    expect(await fetchAvailability("p")).toBeNull();
    answering(404, { error: "Product not found" });
    expect(await fetchAvailability("p")).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("offline"))),
    );
    expect(await fetchAvailability("p")).toBeNull();
  });
});
