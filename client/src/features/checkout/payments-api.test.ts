import { describe, expect, it } from "vitest";
import type { PaymentOptions } from "@store/shared/schemas/payments";
import { methodChoice, unpayableIn } from "./payments-api.ts";

const manual = { method: "manual", currencies: ["USD", "TND", "EUR", "EGP"] } as const;
const konnect = { method: "konnect", currencies: ["TND", "EUR", "USD"] } as const;
const stripe = { method: "stripe", currencies: ["USD", "EUR", "EGP"] } as const;
const options = (...methods: PaymentOptions["methods"]): PaymentOptions => ({ methods });

describe("payment options", () => {
  it("names the currencies to choose only when no method takes the chosen one", () => {
    expect(unpayableIn(options({ ...stripe, currencies: [...stripe.currencies] }), "TND")).toEqual([
      "USD",
      "EUR",
      "EGP",
    ]);
    expect(unpayableIn(options({ ...stripe, currencies: [...stripe.currencies] }), "EUR")).toBeNull();
    const both = options(
      { ...konnect, currencies: [...konnect.currencies] },
      { ...stripe, currencies: [...stripe.currencies] },
    );
    expect(unpayableIn(both, "TND")).toBeNull();
    expect(unpayableIn(both, "EGP")).toBeNull();
    expect(unpayableIn(options({ ...manual, currencies: [...manual.currencies] }), "TND")).toBeNull();
    expect(unpayableIn(null, "TND")).toBeNull();
  });

  it("offers the methods that take the currency, the shopper's choice or else the operator's first", () => {
    const store = options(
      { ...manual, currencies: [...manual.currencies] },
      { ...konnect, currencies: [...konnect.currencies] },
      { ...stripe, currencies: [...stripe.currencies] },
    );
    expect(methodChoice(store, "TND", null)).toEqual({ methods: ["manual", "konnect"], method: "manual" });
    expect(methodChoice(store, "TND", "konnect")).toEqual({ methods: ["manual", "konnect"], method: "konnect" });
    // A choice the new currency does not take falls back to the first that does.
    expect(methodChoice(store, "EGP", "konnect")).toEqual({ methods: ["manual", "stripe"], method: "manual" });
    expect(methodChoice(null, "EGP", "stripe")).toEqual({ methods: [], method: null });
  });
});
