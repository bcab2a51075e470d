import { describe, expect, it } from "vitest";
import type { CheckoutRequest } from "@store/shared/schemas/checkout";
import {
  attemptAfter,
  attemptFor,
  attemptStillValid,
  fingerprintOf,
  loadAttempt,
  saveAttempt,
} from "./checkout-attempt.ts";

const body: CheckoutRequest = {
  name: "Amira Ben Salah",
  email: "amira@example.com",
  whatsapp: "+216 20 123 456",
  notes: "",
  currency: "TND",
  items: [{ id: "steam-20", qty: 2 }],
  promoCode: "",
  subtotal: 128000,
  locale: "fr",
};

let n = 0;
const nextKey = () => `key-${++n}`;

describe("checkout idempotency keys", () => {
  it("reuses the key to retry the same request after a network error", () => {
    const first = attemptFor(null, fingerprintOf(body), nextKey);
    const kept = attemptAfter(first, "network-error");
    expect(attemptFor(kept, fingerprintOf({ ...body }), nextKey).key).toBe(first.key);
  });

  it("starts a new key once the server has answered", () => {
    const first = attemptFor(null, fingerprintOf(body), nextKey);
    const after = attemptAfter(first, "answered");
    expect(after).toBeNull();
    expect(attemptFor(after, fingerprintOf(body), nextKey).key).not.toBe(first.key);
  });

  it.each([
    ["quantity", { items: [{ id: "steam-20", qty: 3 }] }],
    ["variant", { items: [{ id: "steam-20", qty: 2, variantId: "v" }] }],
    ["email", { email: "other@example.com" }],
    ["notes", { notes: "gift" }],
    ["currency", { currency: "USD" as const }],
    ["promo", { promoCode: "SAVE10" }],
    ["subtotal", { subtotal: 130000 }],
  ])("starts a new key when the %s changes", (_name, change) => {
    const first = attemptFor(null, fingerprintOf(body), nextKey);
    const kept = attemptAfter(first, "network-error");
    const changed = fingerprintOf({ ...body, ...change });
    expect(attemptStillValid(kept, changed)).toBeNull();
    expect(attemptFor(kept, changed, nextKey).key).not.toBe(first.key);
  });

  it("drops a kept attempt after a change even if the shopper changes it back", () => {
    const first = attemptFor(null, fingerprintOf(body), nextKey);
    const dropped = attemptStillValid(first, fingerprintOf({ ...body, notes: "x" }));
    expect(attemptFor(dropped, fingerprintOf(body), nextKey).key).not.toBe(first.key);
  });

  it("survives a reload through storage, and ignores broken entries", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const attempt = attemptFor(null, fingerprintOf(body), nextKey);
    saveAttempt(storage, attempt);
    expect(loadAttempt(storage)).toEqual(attempt);
    saveAttempt(storage, null);
    expect(loadAttempt(storage)).toBeNull();
    store.set("checkoutAttempt", "{not json");
    expect(loadAttempt(storage)).toBeNull();
    store.set("checkoutAttempt", JSON.stringify({ key: 5 }));
    expect(loadAttempt(storage)).toBeNull();
  });
});
