/** Bodies larger or deeper than a route needs are refused before they are parsed (docs/decisions.md D28),
 * with a clear 4xx, and never reach code that could fail on them. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT } from "../app.ts";
import { checkoutBody } from "../test/checkout-request.ts";
import { createTestStore, jsonRequest, type TestStore } from "../test/harness.ts";
import { JSON_TOO_DEEP } from "./json-depth.ts";
import { NUL_REFUSED } from "./validate.ts";

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore({ seed: true });
});
afterAll(() => store.close());

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("request bodies", () => {
  it("refuses a megabyte of brackets at the checkout from its declared length alone (413)", async () => {
    const body = nested(512 * 1024);
    const res = await store.app.request("/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(body.length) },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Request body too large", code: "body_too_large" });
  });

  it("gives login, promo validation and newsletter bodies a few kilobytes, undeclared lengths included", async () => {
    const big = JSON.stringify({ username: "admin", password: "x".repeat(DEFAULT_BODY_LIMIT) });
    for (const path of ["/api/admin/login", "/api/promos/validate", "/api/newsletter"]) {
      const res = await store.app.request(path, jsonRequest("POST", big));
      expect(res.status, path).toBe(413);
    }
  });

  it("still takes a checkout of 50 lines with long notes", async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ id: `psn-10-us-${"x".repeat(80)}-${i}`, qty: 1 }));
    const res = await store.app.request(
      "/api/checkout",
      jsonRequest("POST", checkoutBody({ items, notes: "\u0001".repeat(1000) })),
    );
    // Unknown products: refused by the checkout's rules, which means the body was read and parsed.
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code?: string }).code).toBe("product_unavailable");
  });

  it("refuses a body nested deeper than any route needs before parsing it (400)", async () => {
    const body = JSON.stringify(checkoutBody()).replace(/}$/, `,"extra":${nested(40)}}`);
    for (const path of ["/api/checkout", "/api/promos/validate", "/api/newsletter"]) {
      const res = await store.app.request(path, jsonRequest("POST", body));
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(JSON_TOO_DEEP);
    }
  });

  it("refuses NUL characters in addresses and JSON text with a 400 (PostgreSQL refuses them in text)", async () => {
    for (const path of ["/api/orders/PNR%0012", "/api/categories?x=%00", "/product/a%00b"]) {
      const res = await store.app.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: NUL_REFUSED, code: "malformed_body" });
    }
    const res = await store.app.request("/api/checkout", jsonRequest("POST", checkoutBody({ notes: "a\u0000b" })));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: NUL_REFUSED, code: "malformed_body" });
  });

  it("takes the six characters \\u0000 (an escaped backslash), which are no NUL", async () => {
    const body = JSON.stringify(checkoutBody({ notes: "path C:\\u0000" }));
    expect(body).toContain("\\\\u0000");
    const res = await store.app.request("/api/checkout", jsonRequest("POST", body));
    expect(res.status).toBe(200);
  });

  it("answers a valid checkout with an extra field nested 5,000 deep with a 400, not a 500", async () => {
    const extra = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
    const body = JSON.stringify(checkoutBody()).replace(/}$/, `,"extra":${extra}}`);
    const res = await store.app.request("/api/checkout", jsonRequest("POST", body));
    expect(res.status).toBe(400);
  });
});
