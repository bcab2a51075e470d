import { describe, expect, it } from "vitest";
import { PLACED_ORDER_STORAGE_KEY, placedOrder, rememberPlacedOrder } from "./placed-order.ts";

function memoryStorage(): Pick<Storage, "getItem" | "setItem"> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

describe("placed order", () => {
  it("gives back the amount of the order placed in this tab", () => {
    const storage = memoryStorage();
    rememberPlacedOrder(storage, { code: "PNR-ABCD1234", total: 64000, currency: "TND" });
    expect(placedOrder(storage, "PNR-ABCD1234")).toEqual({ code: "PNR-ABCD1234", total: 64000, currency: "TND" });
  });

  it("keeps the order page and the provider's payment page when checkout answered them", () => {
    const storage = memoryStorage();
    const order = {
      code: "PNR-ABCD1234",
      total: 1500,
      currency: "USD" as const,
      orderUrl: "http://store.test/orders/abc",
      paymentLink: "https://pay.example/x",
    };
    rememberPlacedOrder(storage, order);
    expect(placedOrder(storage, "PNR-ABCD1234")).toEqual(order);
    rememberPlacedOrder(storage, { ...order, paymentLink: null });
    expect(placedOrder(storage, "PNR-ABCD1234")).not.toHaveProperty("paymentLink");
  });

  it("says nothing about another order, or when what is stored is not an order", () => {
    const storage = memoryStorage();
    rememberPlacedOrder(storage, { code: "PNR-ABCD1234", total: 64000, currency: "TND" });
    expect(placedOrder(storage, "PNR-ZZZZ9999")).toBeNull();
    for (const raw of ["{", "[]", '{"code":"PNR-ABCD1234","total":"64000","currency":"TND"}']) {
      storage.setItem(PLACED_ORDER_STORAGE_KEY, raw);
      expect(placedOrder(storage, "PNR-ABCD1234"), raw).toBeNull();
    }
    expect(placedOrder(null, "PNR-ABCD1234")).toBeNull();
  });
});
