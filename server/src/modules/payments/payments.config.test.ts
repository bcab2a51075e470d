/** PAYMENT_METHODS, PAYMENT_PROVIDER (its one-method form) and their keys (docs/decisions.md D11, D45): an unknown
 * method or a missing key stops the server at start with a message naming the setting, never echoing a secret. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { runServerToExit, SERVER_EXIT_TIMEOUT_MS } from "../../test/start-process.ts";

const KONNECT = { PAYMENT_PROVIDER: "konnect", KONNECT_API_KEY: "kn-secret-key-1", KONNECT_WALLET_ID: "wallet-7" };
const PAYMOB = {
  PAYMENT_PROVIDER: "paymob",
  PAYMOB_SECRET_KEY: "egy_sk_test_secret3",
  PAYMOB_PUBLIC_KEY: "egy_pk_test_public",
  PAYMOB_HMAC_SECRET: "hmac-secret-5",
  PAYMOB_INTEGRATION_IDS: "4097558, 4097559",
};
const STRIPE = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_secret9", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

describe("payment settings", () => {
  it("defaults to manual", () => {
    expect(loadConfig({}).payment).toEqual({ methods: [{ provider: "manual" }] });
    expect(loadConfig({ PAYMENT_PROVIDER: "" }).payment).toEqual({ methods: [{ provider: "manual" }] });
    expect(loadConfig({ PAYMENT_METHODS: " " }).payment).toEqual({ methods: [{ provider: "manual" }] });
  });

  it.each([
    [
      "Konnect",
      KONNECT,
      { provider: "konnect", apiKey: "kn-secret-key-1", walletId: "wallet-7" },
      "api.konnect.network",
    ],
    [
      "Stripe",
      STRIPE,
      { provider: "stripe", secretKey: "sk_test_secret9", webhookSecret: "whsec_abc" },
      "api.stripe.com",
    ],
    [
      "Paymob",
      PAYMOB,
      {
        provider: "paymob",
        secretKey: "egy_sk_test_secret3",
        publicKey: "egy_pk_test_public",
        hmacSecret: "hmac-secret-5",
        integrationIds: [4097558, 4097559],
      },
      "accept.paymob.com",
    ],
  ])("reads %s's keys, with the public API URL by default", (_name, env, keys, host) => {
    expect(loadConfig(env).payment).toEqual({ methods: [{ ...keys, apiUrl: `https://${host}` }] });
  });

  it("takes another Konnect API URL (tests), without its trailing slash", () => {
    expect(loadConfig({ ...KONNECT, KONNECT_API_URL: "http://127.0.0.1:9999/" }).payment.methods[0]).toMatchObject({
      apiUrl: "http://127.0.0.1:9999",
    });
  });

  it("enables several methods at once, in the operator's order, each with its keys", () => {
    const { PAYMENT_PROVIDER: _k, ...konnectKeys } = KONNECT;
    const { PAYMENT_PROVIDER: _s, ...stripeKeys } = STRIPE;
    const env = { ...konnectKeys, ...stripeKeys, PAYMENT_METHODS: " Stripe, manual ,konnect,stripe" };
    expect(loadConfig(env).payment.methods.map((m) => m.provider)).toEqual(["stripe", "manual", "konnect"]);
    expect(() => loadConfig({ ...konnectKeys, PAYMENT_METHODS: "manual,konnect,stripe" })).toThrow(
      "PAYMENT_METHODS with stripe needs STRIPE_SECRET_KEY to be set.",
    );
    expect(() => loadConfig({ PAYMENT_METHODS: "manual,cash" })).toThrow(
      'PAYMENT_METHODS must name manual, konnect, stripe, paymob (got "cash")',
    );
    expect(() => loadConfig({ PAYMENT_METHODS: ",", PAYMENT_PROVIDER: "manual" })).toThrow(
      "Set PAYMENT_METHODS or PAYMENT_PROVIDER, not both",
    );
    expect(() => loadConfig({ PAYMENT_METHODS: ", ," })).toThrow("PAYMENT_METHODS names no payment method.");
  });

  it.each([
    [{ PAYMENT_PROVIDER: "paypal" }, 'PAYMENT_PROVIDER must name manual, konnect, stripe, paymob (got "paypal")'],
    [{ ...KONNECT, KONNECT_API_KEY: "" }, "PAYMENT_PROVIDER=konnect needs KONNECT_API_KEY to be set."],
    [{ ...KONNECT, KONNECT_WALLET_ID: " " }, "PAYMENT_PROVIDER=konnect needs KONNECT_WALLET_ID to be set."],
    [{ ...KONNECT, KONNECT_API_URL: "ftp://x" }, "KONNECT_API_URL must be an http(s) URL."],
    [{ ...STRIPE, STRIPE_SECRET_KEY: "" }, "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY to be set."],
    [{ ...STRIPE, STRIPE_WEBHOOK_SECRET: "" }, "PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET to be set."],
    [{ ...STRIPE, STRIPE_API_URL: "not a url" }, "STRIPE_API_URL must be an http(s) URL."],
    [{ ...STRIPE, STRIPE_API_URL: "https://proxy.test/stripe" }, "STRIPE_API_URL must be an origin, without a path."],
    [{ ...PAYMOB, PAYMOB_HMAC_SECRET: "" }, "PAYMENT_PROVIDER=paymob needs PAYMOB_HMAC_SECRET to be set."],
    [{ ...PAYMOB, PAYMOB_PUBLIC_KEY: "" }, "PAYMENT_PROVIDER=paymob needs PAYMOB_PUBLIC_KEY to be set."],
    [{ ...PAYMOB, PAYMOB_SECRET_KEY: "" }, "PAYMENT_PROVIDER=paymob needs PAYMOB_SECRET_KEY to be set."],
    [{ ...PAYMOB, PAYMOB_INTEGRATION_IDS: "" }, "PAYMENT_PROVIDER=paymob needs PAYMOB_INTEGRATION_IDS to be set."],
    [{ ...PAYMOB, PAYMOB_INTEGRATION_IDS: "card,12" }, "PAYMOB_INTEGRATION_IDS must be Paymob integration ids"],
    [{ ...PAYMOB, PAYMOB_API_URL: "accept.paymob.com" }, "PAYMOB_API_URL must be an http(s) URL."],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it(
    "stops the server at start, on one line, without printing a secret",
    () => {
      const unknown = runServerToExit({ PAYMENT_PROVIDER: "bitcoin" });
      expect(unknown.status, unknown.output).toBe(1);
      expect(unknown.output).toContain(
        "Cannot start the store: Invalid configuration: PAYMENT_PROVIDER must name manual, konnect, stripe, paymob",
      );
      const missing = runServerToExit({ ...STRIPE, STRIPE_WEBHOOK_SECRET: "" });
      expect(missing.status, missing.output).toBe(1);
      expect(missing.output).toContain(
        "Cannot start the store: Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET to be set.",
      );
      expect(missing.output).not.toContain("sk_test_secret9");
      expect(missing.output).not.toMatch(/\n\s+at /);
    },
    2 * SERVER_EXIT_TIMEOUT_MS,
  );
});
