/** The expiry worker's pace and UNPAID_ORDER_TTL_MINUTES (docs/decisions.md D10): a short time to pay is checked
 * often enough that an order never stays reserved much past it. */
import { describe, expect, it } from "vitest";
import { expiryPassMs } from "./background.ts";
import { loadConfig, unpaidOrderTtlMs } from "./config.ts";

describe("unpaid order expiry", () => {
  it("leaves a manual payment to the operator's reservation time, and gives an online one 60 minutes", () => {
    const env = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    const unset = loadConfig(env).unpaidOrderTtlMs;
    expect(unset).toBeNull();
    expect(unpaidOrderTtlMs(unset, "manual", 24)).toBe(24 * 3600_000);
    expect(unpaidOrderTtlMs(unset, "stripe", 24)).toBe(3600_000);
    const set = loadConfig({ ...env, UNPAID_ORDER_TTL_MINUTES: "5" }).unpaidOrderTtlMs;
    expect(unpaidOrderTtlMs(set, "manual", 24)).toBe(5 * 60_000);
    expect(unpaidOrderTtlMs(set, "konnect", 24)).toBe(5 * 60_000);
  });

  it("takes a fraction of a minute down to 3 s, and refuses less, zero or text", () => {
    expect(loadConfig({ UNPAID_ORDER_TTL_MINUTES: "0.1" }).unpaidOrderTtlMs).toBe(6000);
    expect(loadConfig({ UNPAID_ORDER_TTL_MINUTES: "90" }).unpaidOrderTtlMs).toBe(90 * 60_000);
    for (const bad of ["0.01", "0", "-5", "soon"])
      expect(() => loadConfig({ UNPAID_ORDER_TTL_MINUTES: bad }), bad).toThrow(/UNPAID_ORDER_TTL_MINUTES/);
  });

  it("checks every 30 s, or four times per time to pay when that is shorter, at most once a second", () => {
    expect(expiryPassMs(48 * 3600_000)).toBe(30_000);
    expect(expiryPassMs(null)).toBe(30_000);
    expect(expiryPassMs(60_000)).toBe(15_000);
    expect(expiryPassMs(6000)).toBe(1500);
    expect(expiryPassMs(3000)).toBe(1000);
  });
});
